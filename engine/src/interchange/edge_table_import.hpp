// edges.csv into a GraphBuilder.
#pragma once

#include <string_view>

#include "trellis/common/error.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::csv {

// Adds the edges of `text` (a whole edges.csv) to `builder` in file order;
// node ids are build ids (see import_node_table). Types must be schema
// relationship types and both ends must be nodes; which labels a type joins
// is not checked (CONTRACT.md). Property cells are handled as in nodes.csv.
// Fails with INVALID_ARGUMENT "edges.csv:<line>: <what>".
Status import_edge_table(std::string_view text, GraphBuilder& builder);

}  // namespace trellis::csv
