// Plain reference algorithms over an edge list, written for clarity rather
// than speed: what the Boost.Graph runs on the store are checked against.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <limits>
#include <utility>
#include <vector>

#include "engine/graph_traits/test_graphs.hpp"
#include "trellis/store/ids.hpp"

namespace trellis::testing {

using Adjacency = std::vector<std::vector<NodeId>>;

// Out-lists sorted by id; with `reversed`, every edge is turned around.
inline Adjacency adjacency_of(std::size_t node_count, const EdgeList& edges, bool reversed) {
  Adjacency out(node_count);
  for (const auto& [source, target] : edges) {
    if (reversed) {
      out[target].push_back(source);
    } else {
      out[source].push_back(target);
    }
  }
  for (auto& list : out) std::sort(list.begin(), list.end());
  return out;
}

inline constexpr std::uint32_t kUnreached = std::numeric_limits<std::uint32_t>::max();

// Hop counts from `start` by a queue BFS; kUnreached where no path leads.
inline std::vector<std::uint32_t> queue_bfs(const Adjacency& out, NodeId start) {
  std::vector<std::uint32_t> distance(out.size(), kUnreached);
  std::deque<NodeId> queue{start};
  distance[start] = 0;
  while (!queue.empty()) {
    const NodeId node = queue.front();
    queue.pop_front();
    for (const NodeId next : out[node]) {
      if (distance[next] != kUnreached) continue;
      distance[next] = distance[node] + 1;
      queue.push_back(next);
    }
  }
  return distance;
}

// Kosaraju's algorithm with explicit stacks. Returns, for every node, the
// smallest id in its strongly connected component.
inline std::vector<NodeId> kosaraju_representatives(const Adjacency& out) {
  const std::size_t node_count = out.size();
  // Pass 1: nodes in order of DFS finishing time.
  std::vector<NodeId> finished;
  std::vector<bool> seen(node_count, false);
  std::vector<std::pair<NodeId, std::size_t>> stack;  // node, next child index
  for (NodeId root = 0; root < node_count; ++root) {
    if (seen[root]) continue;
    seen[root] = true;
    stack.emplace_back(root, 0);
    while (!stack.empty()) {
      const NodeId node = stack.back().first;
      const std::size_t next = stack.back().second++;
      if (next == out[node].size()) {
        finished.push_back(node);
        stack.pop_back();
      } else if (const NodeId child = out[node][next]; !seen[child]) {
        seen[child] = true;
        stack.emplace_back(child, 0);
      }
    }
  }
  // Pass 2: on the transposed graph, latest finisher first; each search
  // collects one component.
  Adjacency in(node_count);
  for (NodeId node = 0; node < node_count; ++node) {
    for (const NodeId target : out[node]) in[target].push_back(node);
  }
  std::vector<NodeId> representative(node_count, kNoNode);
  for (auto root = finished.rbegin(); root != finished.rend(); ++root) {
    if (representative[*root] != kNoNode) continue;
    std::vector<NodeId> members{*root};
    representative[*root] = *root;
    for (std::size_t i = 0; i < members.size(); ++i) {
      for (const NodeId source : in[members[i]]) {
        if (representative[source] != kNoNode) continue;
        representative[source] = *root;
        members.push_back(source);
      }
    }
    const NodeId smallest = *std::min_element(members.begin(), members.end());
    for (const NodeId member : members) representative[member] = smallest;
  }
  return representative;
}

// Turns component numbers (as boost::strong_components writes them) into
// the smallest id of each component, for comparing with Kosaraju.
inline std::vector<NodeId> representatives_of(const std::vector<std::uint32_t>& component) {
  std::vector<NodeId> smallest_in(component.size(), kNoNode);
  std::vector<NodeId> representative(component.size());
  for (NodeId node = 0; node < component.size(); ++node) {
    NodeId& smallest = smallest_in[component[node]];
    if (smallest == kNoNode) smallest = node;
    representative[node] = smallest;
  }
  return representative;
}

// Whether `order` lists every node once and puts each edge's source before
// its target.
inline bool is_topological_order(const std::vector<NodeId>& order, std::size_t node_count,
                                 const EdgeList& edges) {
  if (order.size() != node_count) return false;
  std::vector<std::size_t> rank(node_count, node_count);
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (order[i] >= node_count || rank[order[i]] != node_count) return false;
    rank[order[i]] = i;
  }
  return std::all_of(edges.begin(), edges.end(),
                     [&rank](const auto& edge) { return rank[edge.first] < rank[edge.second]; });
}

// Cycles as find_cycles reports them: components of two or more nodes or
// with a self loop, each sorted, in order of smallest id.
inline std::vector<std::vector<NodeId>> reference_cycles(std::size_t node_count,
                                                         const EdgeList& edges) {
  const std::vector<NodeId> representative =
      kosaraju_representatives(adjacency_of(node_count, edges, false));
  std::vector<bool> cyclic(node_count, false);
  for (const auto& [source, target] : edges) {
    if (source == target || representative[source] == representative[target]) {
      cyclic[representative[source]] = true;
    }
  }
  std::vector<std::vector<NodeId>> cycles;
  std::vector<std::size_t> cycle_index(node_count);
  for (NodeId node = 0; node < node_count; ++node) {
    const NodeId smallest = representative[node];
    if (!cyclic[smallest]) continue;
    if (smallest == node) {
      cycle_index[node] = cycles.size();
      cycles.emplace_back();
    }
    cycles[cycle_index[smallest]].push_back(node);
  }
  return cycles;
}

}  // namespace trellis::testing
