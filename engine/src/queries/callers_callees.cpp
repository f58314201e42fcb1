// query_callers and query_callees: breadth-first reach over CALLS, with
// dispatch through overridden methods (callers) or to overriding ones
// (callees), by the rule of overrides.hpp.
#include <algorithm>
#include <limits>
#include <unordered_set>

#include "overrides.hpp"
#include "paging.hpp"
#include "trellis/queries/call_reach.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "trellis/queries/structural_queries.hpp"

namespace trellis::queries {
namespace {

// The call of a reached node's last step (CallReachResult::call_sites),
// read while `scratch` still holds the walk that reached it.
CallSites step_call_sites(const GraphStore& store, const TraversalScratch& scratch, NodeId start,
                          const ReachedNode& reached, CallDirection direction) {
  if (direction == CallDirection::Callers) return {reached.node, call_site_lines(store, reached.node, reached.via)};
  if (reached.through == kNoNode) return {reached.via, call_site_lines(store, reached.via, reached.node)};
  // An override: the call is to the method it overrides, by that method's caller.
  const NodeId called = reached.through;
  const NodeId caller = called == start ? start : scratch.parent(called);
  return {caller, call_site_lines(store, caller, called)};
}

Result<CallReachResult> reach(const GraphStore& store, const std::string& name, const NameKind& kind,
                              CallDirection direction, int max_depth, bool dispatch, std::size_t offset,
                              TraversalScratch& scratch) {
  constexpr std::size_t kAll = std::numeric_limits<std::size_t>::max();
  auto target = lookup_node(store, name, kind);
  if (!target.ok()) return std::move(target).take_error();
  CallReachResult result;
  result.target = *target;
  // Callers of what the target overrides (`through` the overridden method),
  // each with its chain to that method and on to the target (the call that
  // may dispatch to it). All of them: a page's rows depend on every one.
  std::vector<ReachedNode> through;
  std::vector<std::vector<NodeId>> through_chains;
  if (dispatch && direction == CallDirection::Callers) {
    std::unordered_set<NodeId> listed{*target};
    for (const NodeId base : overridden_methods(store, *target)) {
      const CallReach found = reach_over_calls(store, base, direction, max_depth, kAll, scratch);
      for (const ReachedNode& reached : found.nodes) {
        if (!listed.insert(reached.node).second) continue;
        through.push_back({reached.node, reached.depth, reached.via, base});
        if (max_depth <= 1) continue;
        std::vector<NodeId> chain = call_chain(scratch, base, reached.node, direction);
        chain.push_back(*target);
        through_chains.push_back(std::move(chain));
      }
    }
  }
  // The walk's breadth-first order is stable: listing up to the page's end
  // lists a prefix of it. Callees by dispatch come out of the walk itself
  // (an override is one more node of the level, reached from the method it
  // overrides). Callers through an overridden method are merged in after the
  // direct ones of their depth, unless they call the target directly too:
  // then every direct caller is needed.
  const CallReach found = reach_over_calls(store, *target, direction, max_depth,
                                           through.empty() ? page_end(offset) : kAll, scratch,
                                           dispatch && direction == CallDirection::Callees);
  struct Row {
    const ReachedNode* reached;
    std::size_t through_index;  // into through_chains; kAll for a direct row
  };
  std::vector<Row> rows;
  rows.reserve(found.nodes.size() + through.size());
  for (const ReachedNode& reached : found.nodes) rows.push_back({&reached, kAll});
  std::size_t total = found.total_count;
  if (!through.empty()) {
    std::unordered_set<NodeId> direct;
    for (const ReachedNode& reached : found.nodes) direct.insert(reached.node);
    for (std::size_t i = 0; i < through.size(); ++i) {
      if (direct.contains(through[i].node)) continue;
      rows.push_back({&through[i], i});
      ++total;
    }
    std::stable_sort(rows.begin(), rows.end(),
                     [](const Row& a, const Row& b) { return a.reached->depth < b.reached->depth; });
  }
  keep_page(rows, offset);
  result.count = page_count(total, offset, rows.size());
  result.unresolved_calls = store.unresolved_call_count(*target);
  result.nodes.reserve(rows.size());
  result.call_sites.reserve(rows.size());
  for (const Row& row : rows) {
    const ReachedNode& reached = *row.reached;
    result.nodes.push_back({reached.node, reached.depth, reached.through});
    result.call_sites.push_back(step_call_sites(store, scratch, *target, reached, direction));
    result.unresolved_calls += store.unresolved_call_count(reached.node);
  }
  if (max_depth > 1) {
    result.has_chains = true;
    // Farthest first; the page's order within a depth.
    std::vector<Row> farthest = rows;
    std::stable_sort(farthest.begin(), farthest.end(),
                     [](const Row& a, const Row& b) { return a.reached->depth > b.reached->depth; });
    result.call_chains.reserve(farthest.size());
    for (const Row& row : farthest) {
      result.call_chains.push_back(row.through_index == kAll
                                       ? call_chain(scratch, *target, row.reached->node, direction)
                                       : through_chains[row.through_index]);
    }
  }
  return result;
}

}  // namespace

Result<CallReachResult> query_callers(const GraphStore& store, const CallersRequest& request,
                                      TraversalScratch& scratch) {
  return reach(store, request.function_name, kCallTargetName, CallDirection::Callers, request.max_depth,
               request.dispatch, request.offset, scratch);
}

Result<CallReachResult> query_callees(const GraphStore& store, const CalleesRequest& request,
                                      TraversalScratch& scratch) {
  return reach(store, request.function_name, kCallSourceName, CallDirection::Callees, request.max_depth,
               request.dispatch, request.offset, scratch);
}

}  // namespace trellis::queries
