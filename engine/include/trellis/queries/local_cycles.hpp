// Cycles inside the small subgraph one answer holds (at most a few hundred
// nodes): the strongly connected components with more than one node, and
// each node with an edge to itself (also when it sits in a larger one).
// Whole-graph cycles use graph_traits/.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "trellis/store/ids.hpp"

namespace trellis::queries {

// `edges` join nodes of `nodes` (edges touching other nodes are ignored).
// Each cycle is listed once, rotated to start at its smallest id, its other
// nodes in the order a walk along the edges meets them; cycles are sorted.
std::vector<std::vector<NodeId>> local_cycles(std::span<const NodeId> nodes,
                                              std::span<const std::pair<NodeId, NodeId>> edges);

}  // namespace trellis::queries
