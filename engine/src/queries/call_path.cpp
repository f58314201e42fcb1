// query_call_path: a shortest chain of CALLS edges between two nodes.
#include "trellis/queries/call_reach.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "trellis/queries/structural_queries.hpp"

namespace trellis::queries {

Result<CallPathResult> query_call_path(const GraphStore& store, const CallPathRequest& request,
                                       TraversalScratch& scratch) {
  auto from = lookup_node(store, request.from_function, kCallSourceName);
  if (!from.ok()) return std::move(from).take_error();
  auto to = lookup_node(store, request.to_function, kCallTargetName);
  if (!to.ok()) return std::move(to).take_error();
  CallPathResult result{*from, *to, {}, {}};
  if (*from == *to) {
    result.path = {*from};
    return result;
  }
  scratch.begin(store.node_count());
  scratch.visit(*from, kNoNode);
  std::vector<NodeId> frontier{*from};
  std::vector<NodeId> next;
  for (int depth = 1; depth <= request.max_depth && !frontier.empty(); ++depth) {
    next.clear();
    for (const NodeId node : frontier) {
      for (const NodeId callee : store.out(RelType::Calls, node)) {
        if (!scratch.visit(callee, node)) continue;
        if (callee == *to) {
          result.path = call_chain(scratch, *from, *to, CallDirection::Callees);
          for (std::size_t i = 1; i < result.path.size(); ++i) {
            const NodeId caller = result.path[i - 1];
            result.call_sites.push_back({caller, call_site_lines(store, caller, result.path[i])});
          }
          return result;
        }
        next.push_back(callee);
      }
    }
    std::swap(frontier, next);
  }
  return result;
}

}  // namespace trellis::queries
