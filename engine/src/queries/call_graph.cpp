// query_call_graph: the breadth-first call graph from an entry point,
// optionally with dispatch to the methods overriding those called.
#include <algorithm>
#include <unordered_map>

#include "overrides.hpp"
#include "trellis/queries/call_reach.hpp"
#include "trellis/queries/local_cycles.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "trellis/queries/structural_queries.hpp"

namespace trellis::queries {
namespace {

CallType call_type_at(const GraphStore& store, NodeId from, std::size_t i) {
  const PropertyValue value = store.edge_property(RelType::Calls, store.out_edge_position(RelType::Calls, from, i), 0);
  const auto* text = std::get_if<std::string_view>(&value);
  return text != nullptr ? call_type_from_string(*text).value_or(CallType::Direct) : CallType::Direct;
}

}  // namespace

Result<CallGraphResult> query_call_graph(const GraphStore& store, const CallGraphRequest& request,
                                         TraversalScratch& scratch) {
  auto entry = lookup_node(store, request.entry_point, kCallSourceName);
  if (!entry.ok()) return std::move(entry).take_error();
  CallGraphResult result;
  result.entry = *entry;
  const auto max_nodes = static_cast<std::size_t>(request.max_nodes);
  // The entry takes one of the max_nodes places.
  const CallReach found = reach_over_calls(store, *entry, CallDirection::Callees, request.max_depth, max_nodes - 1,
                                           scratch, request.dispatch);
  result.nodes.reserve(found.nodes.size() + 1);
  result.nodes.push_back({*entry, 0});
  for (const ReachedNode& reached : found.nodes) {
    result.nodes.push_back({reached.node, reached.depth, reached.through});
  }
  result.total_nodes = found.total_count + 1;
  result.truncated = found.truncated;

  std::vector<NodeId> listed;
  listed.reserve(result.nodes.size());
  for (const NodeAtDepth& n : result.nodes) listed.push_back(n.node);
  std::sort(listed.begin(), listed.end());
  const auto is_listed = [&](NodeId id) { return std::binary_search(listed.begin(), listed.end(), id); };

  // With dispatch: the methods overriding a called method, once per method.
  std::unordered_map<NodeId, std::vector<NodeId>> overrides;
  const auto overriding = [&](NodeId method) -> const std::vector<NodeId>& {
    auto it = overrides.find(method);
    if (it == overrides.end()) it = overrides.emplace(method, overriding_methods(store, method)).first;
    return it->second;
  };

  std::vector<std::pair<NodeId, NodeId>> pairs;
  for (const NodeAtDepth& n : result.nodes) {
    result.unresolved_calls += store.unresolved_call_count(n.node);
    const auto out = store.out(RelType::Calls, n.node);
    const std::size_t first_edge = result.edges.size();
    for (std::size_t i = 0; i < out.size(); ++i) {
      if (i > 0 && out[i] == out[i - 1]) continue;  // parallel edges: the first one's call_type
      if (!is_listed(out[i])) continue;
      result.edges.push_back({n.node, out[i], call_type_at(store, n.node, i), kNoNode,
                              call_site_lines(store, n.node, out[i])});
      pairs.emplace_back(n.node, out[i]);
    }
    if (!request.dispatch) continue;
    // The calls this node makes may run the overrides of the methods called,
    // but not this node itself: an override calling the method it overrides
    // is most often a super call (callers do not list a method as its own
    // caller by dispatch either).
    const std::size_t direct_edges = result.edges.size();
    for (std::size_t e = first_edge; e < direct_edges; ++e) {
      const CallGraphEdge called = result.edges[e];  // a copy: the pushes below may move the edges
      if (store.label(called.to) != Label::Method) continue;
      for (const NodeId override_ : overriding(called.to)) {
        if (override_ == n.node || !is_listed(override_)) continue;
        const auto to_it = [&](const CallGraphEdge& edge) { return edge.to == override_; };
        if (std::any_of(result.edges.begin() + static_cast<std::ptrdiff_t>(first_edge), result.edges.end(), to_it)) {
          continue;  // called directly, or by dispatch through another method already
        }
        result.edges.push_back({n.node, override_, called.call_type, called.to, called.lines});
        pairs.emplace_back(n.node, override_);
      }
    }
  }
  result.cycles = local_cycles(listed, pairs);
  return result;
}

}  // namespace trellis::queries
