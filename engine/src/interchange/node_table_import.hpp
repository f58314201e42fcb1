// nodes.csv into a GraphBuilder.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::csv {

// Adds the nodes of `text` (a whole nodes.csv) to an empty `builder` in id
// order, so build id == file id. Ids must number the rows 0..N-1 (any row
// order); labels must be schema labels; (label, qualified_name) must be
// unique and qualified_name non-empty; property cells must parse as their
// column's type. A value in a column the row's label does not have is kept
// where it belongs when the label has the same thing under another name (a
// Project's or Package's `file_path` is its `path`, used when the row's own
// `path` is empty); otherwise it is checked, left out and counted in
// `ignored` as "<count> <column> values of <Label> rows ignored (...)".
// Fails with INVALID_ARGUMENT "nodes.csv:<line>: <what>".
Status import_node_table(std::string_view text, GraphBuilder& builder, std::vector<std::string>* ignored = nullptr);

}  // namespace trellis::csv
