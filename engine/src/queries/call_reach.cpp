#include "trellis/queries/call_reach.hpp"

#include <algorithm>

namespace trellis::queries {

CallReach reach_over_calls(const GraphStore& store, NodeId start, CallDirection direction, int max_depth,
                           std::size_t max_results, TraversalScratch& scratch) {
  CallReach reach;
  scratch.begin(store.node_count());
  scratch.visit(start, kNoNode);
  const Csr& csr = direction == CallDirection::Callers ? store.reverse(RelType::Calls) : store.forward(RelType::Calls);
  std::vector<NodeId> frontier{start};
  std::vector<NodeId> next;
  for (int depth = 1; depth <= max_depth && !frontier.empty(); ++depth) {
    next.clear();
    const bool last = depth == max_depth;  // the last level is not expanded
    for (std::size_t f = 0; f < frontier.size(); ++f) {
      // Rows of a wide frontier lie anywhere in memory: load them ahead.
      if (f + 16 < frontier.size()) csr.prefetch_offsets(frontier[f + 16]);
      if (f + 8 < frontier.size()) csr.prefetch_neighbors(frontier[f + 8]);
      const NodeId node = frontier[f];
      const auto neighbours = csr.neighbors(node);
      std::size_t i = 0;
      // While the list has room: each new node listed with its parent (for
      // call chains). Breadth-first order lists every listed node's parent
      // before it, so the chains of listed nodes run through listed nodes only.
      for (; i < neighbours.size() && reach.nodes.size() < max_results; ++i) {
        const NodeId neighbour = neighbours[i];
        if (!scratch.visit(neighbour, node)) continue;  // seen: recursion, a cycle or a parallel edge
        if (!last) next.push_back(neighbour);
        ++reach.total_count;
        reach.nodes.push_back({neighbour, depth, node});
      }
      // Then only counted; at the last level without a branch per edge.
      if (last) {
        std::size_t added = 0;
        for (; i < neighbours.size(); ++i) added += static_cast<std::size_t>(scratch.mark(neighbours[i]));
        reach.total_count += added;
      } else {
        for (; i < neighbours.size(); ++i) {
          if (!scratch.mark(neighbours[i])) continue;
          next.push_back(neighbours[i]);
          ++reach.total_count;
        }
      }
    }
    std::swap(frontier, next);
  }
  reach.truncated = reach.total_count > reach.nodes.size();
  return reach;
}

std::vector<NodeId> call_chain(const TraversalScratch& scratch, NodeId start, NodeId reached,
                               CallDirection direction) {
  std::vector<NodeId> chain;
  for (NodeId node = reached; node != kNoNode; node = node == start ? kNoNode : scratch.parent(node)) {
    chain.push_back(node);
  }
  // Walking parents goes from `reached` back to `start`: the caller-first
  // order callers want; callees want start first.
  if (direction == CallDirection::Callees) std::reverse(chain.begin(), chain.end());
  return chain;
}

}  // namespace trellis::queries
