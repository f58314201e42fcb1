// CSV import (CONTRACT.md "Graph interchange"): nodes.csv and edges.csv
// become a GraphStore through GraphBuilder, the builder ingest uses.
//
// Columns are found by header name (csv_columns.hpp); columns the format
// does not know are ignored (CONTRACT.md: readers ignore them). Nodes are
// added in id order, so when the ids are grouped by label in schema order
// (as export writes them) every node keeps its id; edges are added in file
// order, so parallel edges keep their order.
//
// Any problem refuses the whole input with INVALID_ARGUMENT and a message
// "<file>:<line>: <what>": bad quoting, a wrong field count, a missing
// header or required column, an unknown label or relationship type, a
// non-integer or out-of-range number, ids that are not 0..N-1 (gaps,
// duplicates), a duplicate (label, qualified_name), an empty
// qualified_name, an edge end that is not a node, a list cell that is not a
// JSON array of strings, a boolean that is not true or false.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis {

// Reads `dir`/nodes.csv and `dir`/edges.csv (each in one read). A missing or
// unreadable file is INVALID_ARGUMENT naming its path. `notes`, when given,
// receives what was read but not kept: values in columns the row's label
// does not have (a Project's or Package's file_path is kept as its path),
// one line per label and column. Nothing is dropped without a note.
Result<GraphStore> import_csv(const std::filesystem::path& dir, std::vector<std::string>* notes = nullptr);

// The same from the files' contents (UTF-8, LF or CRLF, optional BOM).
Result<GraphStore> import_csv_text(std::string_view nodes_csv, std::string_view edges_csv,
                                   std::vector<std::string>* notes = nullptr);

}  // namespace trellis
