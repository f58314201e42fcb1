// Every edge of a store in one fixed order: by relationship type in schema
// order, then by source id, then by forward position (so parallel edges keep
// the order they were added in). Exports use it, so their output depends
// only on the graph.
#pragma once

#include "trellis/store/graph_store.hpp"

namespace trellis {

// Calls visit(type, source, target, edge) for every edge; `edge` is the
// EdgePos for edge_property().
template <class Visit>
void for_each_edge(const GraphStore& store, Visit&& visit) {
  for (const RelTypeDef& def : all_rel_types()) {
    const Csr& forward = store.forward(def.type);
    for (std::uint32_t i = 0; i < forward.range(); ++i) {
      const NodeId source = forward.base + i;
      for (EdgePos edge = forward.offset(i); edge < forward.offset(i + 1); ++edge) {
        visit(def.type, source, forward.targets[edge], edge);
      }
    }
  }
}

}  // namespace trellis
