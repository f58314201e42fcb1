// query_callers and query_callees: breadth-first reach over CALLS, with
// dispatch through overridden methods (callers) or to overriding ones
// (callees), by the rule of overrides.hpp.
#include <algorithm>
#include <unordered_set>

#include "overrides.hpp"
#include "trellis/queries/call_reach.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "trellis/queries/structural_queries.hpp"

namespace trellis::queries {
namespace {

Result<CallReachResult> reach(const GraphStore& store, const std::string& name, const NameKind& kind,
                              CallDirection direction, int max_depth, bool dispatch, TraversalScratch& scratch) {
  auto target = lookup_node(store, name, kind);
  if (!target.ok()) return std::move(target).take_error();
  CallReachResult result;
  result.target = *target;
  // Callers of what the target overrides, each with its chain to that
  // method and on to the target (the call that may dispatch to it).
  std::vector<NodeAtDepth> through;
  std::vector<std::vector<NodeId>> through_chains;
  std::size_t through_total = 0;
  bool through_truncated = false;
  if (dispatch && direction == CallDirection::Callers) {
    std::unordered_set<NodeId> listed{*target};
    for (const NodeId base : overridden_methods(store, *target)) {
      const CallReach found = reach_over_calls(store, base, direction, max_depth, kMaxResults, scratch);
      through_total += found.total_count;
      through_truncated = through_truncated || found.truncated;
      for (const ReachedNode& reached : found.nodes) {
        if (!listed.insert(reached.node).second) continue;
        through.push_back({reached.node, reached.depth, base});
        std::vector<NodeId> chain = call_chain(scratch, base, reached.node, direction);
        chain.push_back(*target);
        through_chains.push_back(std::move(chain));
      }
    }
  }
  // Callees by dispatch come out of the walk itself: an override is one
  // more node of the level, reached from the method it overrides.
  CallReach found = reach_over_calls(store, *target, direction, max_depth, kMaxResults, scratch,
                                     dispatch && direction == CallDirection::Callees);
  result.count = {found.total_count, found.truncated};
  result.nodes.reserve(found.nodes.size());
  result.unresolved_calls = store.unresolved_call_count(*target);
  std::unordered_set<NodeId> direct;
  for (const ReachedNode& reached : found.nodes) {
    result.nodes.push_back({reached.node, reached.depth, reached.through});
    direct.insert(reached.node);
  }
  // Callers through an overridden method come after the direct ones of
  // their depth (and not again when they call the target directly too).
  const std::size_t direct_count = result.nodes.size();
  std::vector<std::size_t> through_index;
  for (std::size_t i = 0; i < through.size() && result.nodes.size() < kMaxResults; ++i) {
    if (direct.contains(through[i].node)) continue;
    result.nodes.push_back(through[i]);
    through_index.push_back(i);
  }
  const auto through_new = static_cast<std::size_t>(
      std::count_if(through.begin(), through.end(), [&](const NodeAtDepth& n) { return !direct.contains(n.node); }));
  // Callers a base's capped reach counted but did not list count too.
  result.count.total_count += through_new + (through_total > through.size() ? through_total - through.size() : 0);
  result.count.truncated = result.count.truncated || through_truncated || through_index.size() < through_new;
  std::vector<std::size_t> order(result.nodes.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return result.nodes[a].depth < result.nodes[b].depth; });
  std::vector<NodeAtDepth> ordered;
  ordered.reserve(order.size());
  for (const std::size_t i : order) ordered.push_back(result.nodes[i]);
  for (const NodeAtDepth& node : ordered) result.unresolved_calls += store.unresolved_call_count(node.node);
  if (max_depth > 1) {
    result.has_chains = true;
    // Farthest first; breadth-first order (depth, then discovery) within a depth.
    std::vector<std::size_t> farthest = order;
    std::stable_sort(farthest.begin(), farthest.end(),
                     [&](std::size_t a, std::size_t b) { return result.nodes[a].depth > result.nodes[b].depth; });
    result.call_chains.reserve(farthest.size());
    for (const std::size_t i : farthest) {
      result.call_chains.push_back(i < direct_count ? call_chain(scratch, *target, result.nodes[i].node, direction)
                                                    : through_chains[through_index[i - direct_count]]);
    }
  }
  result.nodes = std::move(ordered);
  return result;
}

}  // namespace

Result<CallReachResult> query_callers(const GraphStore& store, const CallersRequest& request,
                                      TraversalScratch& scratch) {
  return reach(store, request.function_name, kCallTargetName, CallDirection::Callers, request.max_depth,
               request.dispatch, scratch);
}

Result<CallReachResult> query_callees(const GraphStore& store, const CalleesRequest& request,
                                      TraversalScratch& scratch) {
  return reach(store, request.function_name, kCallSourceName, CallDirection::Callees, request.max_depth,
               request.dispatch, scratch);
}

}  // namespace trellis::queries
