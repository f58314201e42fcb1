#include "trellis/queries/call_reach.hpp"

#include <algorithm>

namespace trellis::queries {

CallReach reach_over_calls(const GraphStore& store, NodeId start, CallDirection direction, int max_depth,
                           std::size_t max_results, TraversalScratch& scratch) {
  CallReach reach;
  scratch.begin(store.node_count());
  scratch.visit(start, kNoNode);
  std::vector<NodeId> frontier{start};
  std::vector<NodeId> next;
  for (int depth = 1; depth <= max_depth && !frontier.empty(); ++depth) {
    next.clear();
    for (const NodeId node : frontier) {
      const auto neighbours = direction == CallDirection::Callers ? store.in(RelType::Calls, node)
                                                                  : store.out(RelType::Calls, node);
      for (const NodeId neighbour : neighbours) {
        // Only listed nodes need their parent (for call chains): breadth-first
        // order lists every listed node's parent before it, so the chains of
        // listed nodes run through listed nodes only.
        const bool listed = reach.nodes.size() < max_results;
        if (!(listed ? scratch.visit(neighbour, node) : scratch.mark(neighbour))) {
          continue;  // seen: recursion, a cycle or a parallel edge
        }
        if (depth < max_depth) next.push_back(neighbour);  // the last level is not expanded
        ++reach.total_count;
        if (listed) reach.nodes.push_back({neighbour, depth, node});
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
