#include "trellis/queries/local_cycles.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>

#include <algorithm>
#include <limits>

namespace trellis::queries {
namespace {

using SmallGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
using Vertex = std::size_t;
constexpr Vertex kNone = std::numeric_limits<Vertex>::max();

// Breadth-first inside `start`'s component until an edge returns to it: the
// shortest cycle through `start`, as vertices from `start` on.
std::vector<Vertex> shortest_cycle(const SmallGraph& graph, const std::vector<int>& component, Vertex start) {
  std::vector<Vertex> parent(boost::num_vertices(graph), kNone);
  std::vector<Vertex> queue{start};
  parent[start] = start;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const Vertex u = queue[head];
    for (auto [e, end] = boost::out_edges(u, graph); e != end; ++e) {
      const Vertex w = boost::target(*e, graph);
      if (component[w] != component[start] || (w == start && u == start)) continue;
      if (w == start) {
        std::vector<Vertex> cycle;
        for (Vertex v = u; v != start; v = parent[v]) cycle.push_back(v);
        cycle.push_back(start);
        std::reverse(cycle.begin(), cycle.end());
        return cycle;
      }
      if (parent[w] != kNone) continue;
      parent[w] = u;
      queue.push_back(w);
    }
  }
  return {start};
}

}  // namespace

std::vector<std::vector<NodeId>> local_cycles(std::span<const NodeId> nodes,
                                              std::span<const std::pair<NodeId, NodeId>> edges) {
  std::vector<NodeId> ids(nodes.begin(), nodes.end());
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  const auto index = [&](NodeId id) -> Vertex {
    const auto it = std::lower_bound(ids.begin(), ids.end(), id);
    return it != ids.end() && *it == id ? static_cast<Vertex>(it - ids.begin()) : kNone;
  };
  // Vertices are positions in `ids`, so vertex order is id order.
  SmallGraph graph(ids.size());
  std::vector<bool> self_loop(ids.size(), false);
  for (const auto& [from, to] : edges) {
    const Vertex a = index(from);
    const Vertex b = index(to);
    if (a == kNone || b == kNone) continue;
    if (a == b) self_loop[a] = true;
    boost::add_edge(a, b, graph);
  }
  std::vector<int> component(ids.size());
  const int count = ids.empty() ? 0 : boost::strong_components(graph, component.data());
  std::vector<std::size_t> sizes(static_cast<std::size_t>(count), 0);
  for (const int c : component) ++sizes[static_cast<std::size_t>(c)];

  std::vector<std::vector<NodeId>> cycles;
  std::vector<bool> done(static_cast<std::size_t>(count), false);
  for (Vertex v = 0; v < ids.size(); ++v) {
    const auto c = static_cast<std::size_t>(component[v]);
    if (sizes[c] > 1 && !done[c]) {  // v is the component's smallest id
      done[c] = true;
      std::vector<NodeId> cycle;
      for (const Vertex u : shortest_cycle(graph, component, v)) cycle.push_back(ids[u]);
      cycles.push_back(std::move(cycle));
    }
    if (self_loop[v]) cycles.push_back({ids[v]});
  }
  std::sort(cycles.begin(), cycles.end());
  return cycles;
}

}  // namespace trellis::queries
