#include "trellis/queries/local_cycles.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>

#include <algorithm>

namespace trellis::queries {
namespace {

using SmallGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;

// Orders one component's members as a walk along its edges from the
// smallest id: depth-first, so consecutive members are joined by an edge
// wherever the component allows it.
std::vector<NodeId> walk_order(const SmallGraph& graph, const std::vector<std::size_t>& members,
                               const std::vector<int>& component, std::span<const NodeId> ids) {
  std::vector<std::size_t> order;
  std::vector<bool> seen(ids.size(), false);
  std::vector<std::size_t> stack{*std::min_element(members.begin(), members.end(), [&](std::size_t a, std::size_t b) {
    return ids[a] < ids[b];
  })};
  const int wanted = component[stack.front()];
  while (!stack.empty()) {
    const std::size_t v = stack.back();
    stack.pop_back();
    if (seen[v]) continue;
    seen[v] = true;
    order.push_back(v);
    std::vector<std::size_t> next;
    for (auto [e, end] = boost::out_edges(v, graph); e != end; ++e) {
      const std::size_t w = boost::target(*e, graph);
      if (!seen[w] && component[w] == wanted) next.push_back(w);
    }
    // Smallest id on top of the stack: visited first.
    std::sort(next.begin(), next.end(), [&](std::size_t a, std::size_t b) { return ids[a] > ids[b]; });
    stack.insert(stack.end(), next.begin(), next.end());
  }
  std::vector<NodeId> cycle;
  for (const std::size_t v : order) cycle.push_back(ids[v]);
  return cycle;
}

}  // namespace

std::vector<std::vector<NodeId>> local_cycles(std::span<const NodeId> nodes,
                                              std::span<const std::pair<NodeId, NodeId>> edges) {
  std::vector<NodeId> ids(nodes.begin(), nodes.end());
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  const auto index = [&](NodeId id) -> std::size_t {
    const auto it = std::lower_bound(ids.begin(), ids.end(), id);
    return it != ids.end() && *it == id ? static_cast<std::size_t>(it - ids.begin()) : ids.size();
  };
  SmallGraph graph(ids.size());
  std::vector<bool> self_loop(ids.size(), false);
  for (const auto& [from, to] : edges) {
    const std::size_t a = index(from);
    const std::size_t b = index(to);
    if (a == ids.size() || b == ids.size()) continue;
    if (a == b) self_loop[a] = true;
    boost::add_edge(a, b, graph);
  }
  std::vector<int> component(ids.size());
  const int count = ids.empty() ? 0 : boost::strong_components(graph, component.data());
  std::vector<std::vector<std::size_t>> members(static_cast<std::size_t>(count));
  for (std::size_t v = 0; v < ids.size(); ++v) members[static_cast<std::size_t>(component[v])].push_back(v);

  std::vector<std::vector<NodeId>> cycles;
  for (const auto& group : members) {
    if (group.size() > 1) cycles.push_back(walk_order(graph, group, component, ids));
  }
  // Recursion is its own cycle, also inside a larger one.
  for (std::size_t v = 0; v < ids.size(); ++v) {
    if (self_loop[v]) cycles.push_back({ids[v]});
  }
  std::sort(cycles.begin(), cycles.end());
  return cycles;
}

}  // namespace trellis::queries
