// A definition and every definition nested in it (DEFINES, transitively):
// the callers whose calls lie inside its lines.
#pragma once

#include <vector>

#include "trellis/queries/traversal_scratch.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::queries {

// Appends `node` and what it defines, transitively, each once: nodes already
// marked in `scratch` (begun by the caller) are left out, so several roots
// may share one scratch without listing a definition twice.
inline void append_nested(const GraphStore& store, NodeId node, TraversalScratch& scratch, std::vector<NodeId>& out) {
  if (!scratch.mark(node)) return;
  std::size_t at = out.size();
  out.push_back(node);
  for (; at < out.size(); ++at) {
    for (const NodeId child : store.out(RelType::Defines, out[at])) {
      if (scratch.mark(child)) out.push_back(child);
    }
  }
}

}  // namespace trellis::queries
