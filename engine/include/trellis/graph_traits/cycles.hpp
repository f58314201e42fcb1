// Cycles of one relationship type: import cycles, recursion among calls,
// inheritance loops (`trellis cycles`).
#pragma once

#include <vector>

#include "trellis/store/graph_store.hpp"
#include "trellis/store/ids.hpp"
#include "trellis/store/schema.hpp"

namespace trellis {

// The strongly connected components of `type`'s edges that hold a cycle:
// every component of two or more nodes, and every single node with a self
// loop. Each component lists its nodes in id order; components come in
// order of their smallest id. Empty when the type's edges form a DAG.
// Runs boost::strong_components on the store in O(V + E), V being the
// store's node count.
std::vector<std::vector<NodeId>> find_cycles(const GraphStore& store, RelType type);

}  // namespace trellis
