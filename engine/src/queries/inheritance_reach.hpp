// Breadth-first reach over the type relationships, INHERITS and IMPLEMENTS
// together, from one class or interface: its bases and the interfaces it
// implements (edges followed forward), or its subclasses and implementers
// (edges followed backwards). The core of the hierarchy and implementations
// queries.
#pragma once

#include <limits>
#include <vector>

#include "trellis/queries/call_reach.hpp"
#include "trellis/queries/traversal_scratch.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::queries {

enum class InheritanceDirection { Bases, Derived };

inline constexpr int kUnlimitedDepth = std::numeric_limits<int>::max();

// Every node within `max_depth` steps of `start` (which is not listed), each
// once at its shortest depth, by depth then by id. `via` is the node one
// level nearer `start` it was first reached from: the smallest such id.
// Nothing is cut: the caller counts and caps. Uses `scratch`'s marks.
std::vector<ReachedNode> reach_over_inheritance(const GraphStore& store, NodeId start,
                                                InheritanceDirection direction, int max_depth,
                                                TraversalScratch& scratch);

}  // namespace trellis::queries
