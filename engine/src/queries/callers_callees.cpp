// query_callers and query_callees: breadth-first reach over CALLS.
#include <algorithm>

#include "trellis/queries/call_reach.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "trellis/queries/structural_queries.hpp"

namespace trellis::queries {
namespace {

Result<CallReachResult> reach(const GraphStore& store, const std::string& name, const NameKind& kind,
                              CallDirection direction, int max_depth, TraversalScratch& scratch) {
  auto target = lookup_node(store, name, kind);
  if (!target.ok()) return std::move(target).take_error();
  CallReachResult result;
  result.target = *target;
  CallReach found = reach_over_calls(store, *target, direction, max_depth, kMaxResults, scratch);
  result.count = {found.total_count, found.truncated};
  result.nodes.reserve(found.nodes.size());
  result.unresolved_calls = store.unresolved_call_count(*target);
  for (const ReachedNode& reached : found.nodes) {
    result.nodes.push_back({reached.node, reached.depth});
    result.unresolved_calls += store.unresolved_call_count(reached.node);
  }
  if (max_depth > 1) {
    result.has_chains = true;
    // Farthest first; breadth-first order (depth, then discovery) within a depth.
    std::vector<std::size_t> order(result.nodes.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return result.nodes[a].depth > result.nodes[b].depth; });
    result.call_chains.reserve(order.size());
    for (const std::size_t i : order) {
      result.call_chains.push_back(call_chain(scratch, *target, result.nodes[i].node, direction));
    }
  }
  return result;
}

}  // namespace

Result<CallReachResult> query_callers(const GraphStore& store, const CallersRequest& request,
                                      TraversalScratch& scratch) {
  return reach(store, request.function_name, kCallTargetName, CallDirection::Callers, request.max_depth, scratch);
}

Result<CallReachResult> query_callees(const GraphStore& store, const CalleesRequest& request,
                                      TraversalScratch& scratch) {
  return reach(store, request.function_name, kCallSourceName, CallDirection::Callees, request.max_depth, scratch);
}

}  // namespace trellis::queries
