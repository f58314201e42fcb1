// The graph in Graphviz DOT (`trellis export --format dot`): one node per
// graph node, identified by "Label:qualified_name" and labelled with its
// label and name; one edge per relationship, labelled with its type (and
// CALLS' call_type and line). Deterministic: store order, for_each_edge order.
#pragma once

#include <string>

#include "trellis/store/graph_store.hpp"

namespace trellis::formats {

std::string graph_dot(const GraphStore& store);

}  // namespace trellis::formats
