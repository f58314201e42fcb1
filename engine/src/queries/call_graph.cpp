// query_call_graph: the breadth-first call graph from an entry point.
#include <algorithm>

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
  const CallReach found =
      reach_over_calls(store, *entry, CallDirection::Callees, request.max_depth, max_nodes - 1, scratch);
  result.nodes.reserve(found.nodes.size() + 1);
  result.nodes.push_back({*entry, 0});
  for (const ReachedNode& reached : found.nodes) result.nodes.push_back({reached.node, reached.depth});
  result.total_nodes = found.total_count + 1;
  result.truncated = found.truncated;

  std::vector<NodeId> listed;
  listed.reserve(result.nodes.size());
  for (const NodeAtDepth& n : result.nodes) listed.push_back(n.node);
  std::sort(listed.begin(), listed.end());
  const auto is_listed = [&](NodeId id) { return std::binary_search(listed.begin(), listed.end(), id); };

  std::vector<std::pair<NodeId, NodeId>> pairs;
  for (const NodeAtDepth& n : result.nodes) {
    result.unresolved_calls += store.unresolved_call_count(n.node);
    const auto out = store.out(RelType::Calls, n.node);
    for (std::size_t i = 0; i < out.size(); ++i) {
      if (i > 0 && out[i] == out[i - 1]) continue;  // parallel edges: the first one's call_type
      if (!is_listed(out[i])) continue;
      result.edges.push_back({n.node, out[i], call_type_at(store, n.node, i)});
      pairs.emplace_back(n.node, out[i]);
    }
  }
  result.cycles = local_cycles(listed, pairs);
  return result;
}

}  // namespace trellis::queries
