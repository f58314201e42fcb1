#include "inheritance_cycles.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>

namespace trellis::queries {
namespace {

using Local = std::uint32_t;  // a member's position in `nodes`
constexpr Local kNone = std::numeric_limits<Local>::max();

// The type edges between members, as a local CSR: successors of v are
// targets[offsets[v] .. offsets[v + 1]).
struct LocalGraph {
  std::vector<std::size_t> offsets;
  std::vector<Local> targets;

  std::size_t size() const { return offsets.size() - 1; }
  std::span<const Local> successors(Local v) const {
    return std::span<const Local>(targets).subspan(offsets[v], offsets[v + 1] - offsets[v]);
  }
};

LocalGraph local_graph(const GraphStore& store, std::span<const NodeId> nodes) {
  LocalGraph graph;
  graph.offsets.reserve(nodes.size() + 1);
  graph.offsets.push_back(0);
  for (const NodeId node : nodes) {
    for (const RelType type : {RelType::Inherits, RelType::Implements}) {
      for (const NodeId base : store.out(type, node)) {
        const auto it = std::lower_bound(nodes.begin(), nodes.end(), base);
        if (it != nodes.end() && *it == base)
          graph.targets.push_back(static_cast<Local>(it - nodes.begin()));
      }
    }
    graph.offsets.push_back(graph.targets.size());
  }
  return graph;
}

// Tarjan's algorithm without recursion: component[v] for every member, and
// the number of components.
std::pair<std::vector<Local>, Local> strong_components(const LocalGraph& graph) {
  const std::size_t n = graph.size();
  std::vector<Local> index(n, kNone);
  std::vector<Local> low(n, 0);
  std::vector<bool> on_stack(n, false);
  std::vector<Local> component(n, kNone);
  std::vector<Local> stack;
  std::vector<std::pair<Local, std::size_t>> calls;  // (node, next successor position)
  Local counter = 0;
  Local components = 0;
  auto open = [&](Local v) {
    index[v] = low[v] = counter++;
    stack.push_back(v);
    on_stack[v] = true;
    calls.emplace_back(v, graph.offsets[v]);
  };
  for (Local root = 0; root < n; ++root) {
    if (index[root] != kNone) continue;
    open(root);
    while (!calls.empty()) {
      const std::size_t top = calls.size() - 1;
      const Local v = calls[top].first;
      if (calls[top].second < graph.offsets[v + 1]) {
        const Local w = graph.targets[calls[top].second++];
        if (index[w] == kNone) {
          open(w);
        } else if (on_stack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      if (low[v] == index[v]) {
        Local member = kNone;
        do {
          member = stack.back();
          stack.pop_back();
          on_stack[member] = false;
          component[member] = components;
        } while (member != v);
        ++components;
      }
      calls.pop_back();
      if (!calls.empty()) low[calls.back().first] = std::min(low[calls.back().first], low[v]);
    }
  }
  return {std::move(component), components};
}

}  // namespace

std::vector<std::vector<NodeId>> inheritance_cycles(const GraphStore& store,
                                                    std::span<const NodeId> nodes) {
  std::vector<std::vector<NodeId>> cycles;
  if (nodes.empty()) return cycles;
  const LocalGraph graph = local_graph(store, nodes);
  const auto [component, component_count] = strong_components(graph);
  std::vector<Local> sizes(component_count, 0);
  for (const Local c : component) ++sizes[c];

  std::vector<bool> done(component_count, false);
  std::vector<Local> parent(nodes.size(), kNone);
  std::vector<Local> seen(nodes.size(), kNone);  // the component whose search saw the member
  std::vector<Local> queue;
  // Members in id order: the first one met of each component is its smallest.
  for (Local start = 0; start < nodes.size(); ++start) {
    const Local c = component[start];
    if (done[c]) continue;
    done[c] = true;
    // Breadth-first inside the component from `start` until an edge returns
    // to it: the shortest cycle through `start`. A self loop counts only for
    // a component of one node (a larger one has a longer cycle to show).
    queue.assign(1, start);
    seen[start] = c;
    Local closing = kNone;  // the member whose edge returns to `start`
    for (std::size_t head = 0; head < queue.size() && closing == kNone; ++head) {
      const Local u = queue[head];
      for (const Local w : graph.successors(u)) {
        if (component[w] != c) continue;
        if (w == start) {
          if (u == start && sizes[c] > 1) continue;
          closing = u;
          break;
        }
        if (seen[w] == c) continue;
        seen[w] = c;
        parent[w] = u;
        queue.push_back(w);
      }
    }
    if (closing == kNone) continue;  // one node without a self loop
    std::vector<NodeId> cycle;
    for (Local v = closing; v != start; v = parent[v]) cycle.push_back(nodes[v]);
    cycle.push_back(nodes[start]);
    std::reverse(cycle.begin(), cycle.end());
    cycles.push_back(std::move(cycle));
  }
  return cycles;
}

}  // namespace trellis::queries
