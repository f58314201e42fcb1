// Inheritance loops among a small set of classes and interfaces (the target
// of a hierarchy query and the nodes it reached): a class that is, through
// INHERITS and IMPLEMENTS, its own base. A diamond (two paths to one base)
// is not a loop.
#pragma once

#include <span>
#include <vector>

#include "trellis/store/graph_store.hpp"

namespace trellis::queries {

// The strongly connected components, over the INHERITS and IMPLEMENTS edges
// between members of `nodes` (sorted by id, no repeats), that have more than
// one node or a self loop. Each is given as one shortest cycle through its
// smallest id, starting there and following the edges (derived -> base); the
// start is not repeated at the end, so a self loop is {node}. Ordered by
// their first node. Costs O(|nodes| + edges among them) and allocates only
// per member.
std::vector<std::vector<NodeId>> inheritance_cycles(const GraphStore& store,
                                                    std::span<const NodeId> nodes);

}  // namespace trellis::queries
