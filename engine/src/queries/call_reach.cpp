#include "trellis/queries/call_reach.hpp"

#include <algorithm>
#include <unordered_set>

#include "overrides.hpp"

namespace trellis::queries {

CallReach reach_over_calls(const GraphStore& store, NodeId start, CallDirection direction, int max_depth,
                           std::size_t max_results, TraversalScratch& scratch, bool dispatch) {
  CallReach reach;
  const bool expand_dispatch = dispatch && direction == CallDirection::Callees;
  std::unordered_set<NodeId> expanded;  // called methods whose overrides were added
  scratch.begin(store.node_count());
  scratch.visit(start, kNoNode);
  const Csr& csr = direction == CallDirection::Callers ? store.reverse(RelType::Calls) : store.forward(RelType::Calls);
  auto& [frontier, next, rows] = scratch.levels();
  frontier.assign(1, start);
  for (int depth = 1; depth <= max_depth && !frontier.empty(); ++depth) {
    next.clear();
    const bool last = depth == max_depth;  // the last level is not expanded
    // A wide frontier's rows lie anywhere in memory. First find where each
    // row lies (its offsets loaded ahead); then read the rows, each loaded
    // ahead without waiting for its offsets: the two passes keep many more
    // cache misses in flight than one pass whose prefetches depend on loads.
    rows.clear();
    for (std::size_t f = 0; f < frontier.size(); ++f) {
      if (f + 16 < frontier.size()) csr.prefetch_offsets(frontier[f + 16]);
      const auto neighbours = csr.neighbors(frontier[f]);
      if (!neighbours.empty()) rows.push_back({neighbours, frontier[f]});
    }
    for (std::size_t r = 0; r < rows.size(); ++r) {
      if (r + 16 < rows.size()) {  // both ends: a row may cross a cache line
        __builtin_prefetch(rows[r + 16].neighbours.data());
        __builtin_prefetch(&rows[r + 16].neighbours.back());
      }
      const auto [neighbours, node] = rows[r];
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
    // Then what the level's calls may dispatch to: the overrides of each
    // method called (each method once per walk), listed after the level's
    // callees, each reached from the method it overrides.
    if (expand_dispatch) {
      for (const auto& row : rows) {
        for (const NodeId called : row.neighbours) {
          if (store.label(called) != Label::Method || !expanded.insert(called).second) continue;
          for (const NodeId override_ : overriding_methods(store, called)) {
            if (!scratch.visit(override_, called)) continue;
            if (!last) next.push_back(override_);
            ++reach.total_count;
            if (reach.nodes.size() < max_results) reach.nodes.push_back({override_, depth, called, called});
          }
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

std::vector<std::int32_t> call_site_lines(const GraphStore& store, NodeId caller, NodeId callee) {
  constexpr std::size_t kLineColumn = 1;  // CALLS {call_type, line}
  const auto out = store.out(RelType::Calls, caller);
  const auto [first, last] = std::equal_range(out.begin(), out.end(), callee);
  std::vector<std::int32_t> lines;
  for (auto it = first; it != last; ++it) {
    const auto i = static_cast<std::size_t>(it - out.begin());
    const PropertyValue value = store.edge_property(RelType::Calls, store.out_edge_position(RelType::Calls, caller, i),
                                                    kLineColumn);
    if (const auto* line = std::get_if<std::int64_t>(&value)) lines.push_back(static_cast<std::int32_t>(*line));
  }
  std::sort(lines.begin(), lines.end());
  lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
  return lines;
}

}  // namespace trellis::queries
