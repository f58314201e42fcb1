// Cycles inside the small subgraph one answer holds (at most a few hundred
// nodes): each strongly connected component with more than one node (found
// by Boost.Graph's strong_components) as one shortest cycle through its
// smallest id, and each node with an edge to itself (recursion), also when
// it sits in a larger component. Whole-graph cycles use graph_traits/.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "trellis/store/ids.hpp"

namespace trellis::queries {

// `edges` join nodes of `nodes` (edges touching other nodes are ignored).
// A cycle starts at its smallest id and follows the edges; the start is not
// repeated at the end, so a self loop is {node}. Cycles are sorted.
std::vector<std::vector<NodeId>> local_cycles(std::span<const NodeId> nodes,
                                              std::span<const std::pair<NodeId, NodeId>> edges);

}  // namespace trellis::queries
