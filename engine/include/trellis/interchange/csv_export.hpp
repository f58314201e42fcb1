// CSV export (CONTRACT.md "Graph interchange"): a GraphStore as nodes.csv
// and edges.csv, every schema property in its own column (csv_columns.hpp).
//
// Nodes are written in store order with ids 0..N-1 (their NodeIds); edges by
// relationship type in schema order, then source id, then forward position.
// An empty cell is null; string lists are JSON arrays of strings; booleans
// are true/false. The output depends only on the graph, and importing it
// gives back the same graph, so export(import(export(g))) == export(g) byte
// for byte.
#pragma once

#include <filesystem>
#include <string>

#include "trellis/common/error.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis {

struct CsvTables {
  std::string nodes;  // nodes.csv
  std::string edges;  // edges.csv
};

CsvTables export_csv_text(const GraphStore& store);

// Writes `dir`/nodes.csv and `dir`/edges.csv, creating `dir` if needed; each
// file is replaced atomically. Fails with INVALID_ARGUMENT naming the path.
Status export_csv(const GraphStore& store, const std::filesystem::path& dir);

}  // namespace trellis
