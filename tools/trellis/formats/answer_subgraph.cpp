#include "trellis/formats/answer_subgraph.hpp"

#include <algorithm>
#include <initializer_list>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <variant>

namespace trellis::formats {
namespace {

// Nodes in first-seen order, each once.
class NodeOrder {
 public:
  bool add(NodeId node) {
    if (!places_.try_emplace(node, nodes_.size()).second) return false;
    nodes_.push_back(node);
    return true;
  }
  bool contains(NodeId node) const { return places_.contains(node); }
  std::size_t place(NodeId node) const { return places_.at(node); }
  std::size_t size() const { return nodes_.size(); }
  NodeId node(std::size_t place) const { return nodes_[place]; }
  std::vector<NodeId> take() && { return std::move(nodes_); }

 private:
  std::vector<NodeId> nodes_;
  std::unordered_map<NodeId, std::size_t> places_;
};

// Subgraph's edge order: by type in schema order, then by the source's place.
void sort_edges(std::vector<queries::SubgraphEdge>& edges, const NodeOrder& order) {
  std::stable_sort(edges.begin(), edges.end(), [&](const queries::SubgraphEdge& a, const queries::SubgraphEdge& b) {
    if (a.type != b.type) return a.type < b.type;
    return order.place(a.source) < order.place(b.source);
  });
}

// The nodes with every edge of `types` among them (parallel edges once).
queries::Subgraph induced(const GraphStore& store, NodeOrder order, std::initializer_list<RelType> types) {
  queries::Subgraph subgraph;
  for (const RelType type : types) {
    for (std::size_t place = 0; place < order.size(); ++place) {
      const NodeId source = order.node(place);
      const std::span<const NodeId> targets = store.out(type, source);
      for (std::size_t i = 0; i < targets.size(); ++i) {
        if (i > 0 && targets[i] == targets[i - 1]) continue;
        if (order.contains(targets[i])) {
          subgraph.edges.push_back({type, source, targets[i], store.out_edge_position(type, source, i)});
        }
      }
    }
  }
  subgraph.nodes = std::move(order).take();
  return subgraph;
}

// The subject, then the answer's nodes.
template <class... Lists>
NodeOrder subject_and(NodeId subject, const Lists&... lists) {
  NodeOrder order;
  order.add(subject);
  (
      [&] {
        for (const auto& entry : lists) order.add(entry.node);
      }(),
      ...);
  return order;
}

// A path's steps: the first edge from each node to the next.
queries::Subgraph path_subgraph(const GraphStore& store, const std::vector<NodeId>& path) {
  queries::Subgraph subgraph;
  NodeOrder order;
  for (const NodeId node : path) order.add(node);
  for (std::size_t step = 1; step < path.size(); ++step) {
    const std::span<const NodeId> targets = store.out(RelType::Calls, path[step - 1]);
    const auto it = std::lower_bound(targets.begin(), targets.end(), path[step]);
    if (it == targets.end() || *it != path[step]) continue;
    const auto i = static_cast<std::size_t>(it - targets.begin());
    subgraph.edges.push_back({RelType::Calls, path[step - 1], path[step], store.out_edge_position(RelType::Calls, path[step - 1], i)});
  }
  subgraph.nodes = std::move(order).take();
  return subgraph;
}

// Adds what a Cypher value holds.
class CypherCollector {
 public:
  CypherCollector(const GraphStore& store, std::size_t max_nodes) : store_(store), max_nodes_(max_nodes) {}

  void add(const cypher::Value& value) {
    switch (value.kind()) {
      case cypher::ValueKind::Node: add_node(value.as_node().id); break;
      case cypher::ValueKind::Relationship: add_rel(value.as_rel()); break;
      case cypher::ValueKind::Path: {
        const cypher::PathValue& path = value.as_path();
        for (const NodeId node : path.nodes) add_node(node);
        for (const cypher::RelRef& rel : path.rels) add_rel(rel);
        break;
      }
      case cypher::ValueKind::List:
        for (const cypher::Value& item : value.as_list()) add(item);
        break;
      case cypher::ValueKind::Map:
        for (const auto& entry : value.as_map()) add(entry.second);
        break;
      default: break;
    }
  }

  queries::Subgraph finish() && {
    queries::Subgraph subgraph;
    sort_edges(edges_, order_);
    subgraph.edges = std::move(edges_);
    subgraph.omitted_total = left_out_.size();
    subgraph.nodes = std::move(order_).take();
    return subgraph;
  }

 private:
  bool add_node(NodeId node) {
    if (order_.contains(node)) return true;
    if (order_.size() >= max_nodes_) {
      left_out_.insert(node);
      return false;
    }
    return order_.add(node);
  }
  void add_rel(const cypher::RelRef& rel) {
    const bool from = add_node(rel.from);
    const bool to = add_node(rel.to);
    if (!from || !to) return;
    const EdgePos position = rel.position(store_);
    if (!seen_.insert((static_cast<std::uint64_t>(rel.type) << 56) | position).second) return;
    edges_.push_back({rel.type, rel.from, rel.to, position});
  }

  const GraphStore& store_;
  std::size_t max_nodes_;
  NodeOrder order_;
  std::vector<queries::SubgraphEdge> edges_;
  std::unordered_set<std::uint64_t> seen_;
  std::unordered_set<NodeId> left_out_;
};

}  // namespace

bool answer_is_graph(queries::QueryKind kind) {
  using queries::QueryKind;
  switch (kind) {
    case QueryKind::Callers:
    case QueryKind::Callees:
    case QueryKind::CallGraph:
    case QueryKind::CallPath:
    case QueryKind::Hierarchy:
    case QueryKind::Implementations:
    case QueryKind::Dependencies: return true;
    default: return false;
  }
}

std::optional<queries::Subgraph> answer_subgraph(const GraphStore& store, const queries::QueryAnswer& answer) {
  return std::visit(
      [&](const auto& result) -> std::optional<queries::Subgraph> {
        using T = std::decay_t<decltype(result)>;
        if constexpr (std::is_same_v<T, queries::CallReachResult>) {
          return induced(store, subject_and(result.target, result.nodes), {RelType::Calls});
        } else if constexpr (std::is_same_v<T, queries::CallGraphResult>) {
          return induced(store, subject_and(result.entry, result.nodes), {RelType::Calls});
        } else if constexpr (std::is_same_v<T, queries::CallPathResult>) {
          return path_subgraph(store, result.path);
        } else if constexpr (std::is_same_v<T, queries::HierarchyResult>) {
          return induced(store, subject_and(result.target, result.ancestors, result.descendants),
                         {RelType::Inherits, RelType::Implements});
        } else if constexpr (std::is_same_v<T, queries::ImplementationsResult>) {
          return induced(store, subject_and(result.target, result.implementations),
                         {RelType::Inherits, RelType::Implements});
        } else if constexpr (std::is_same_v<T, queries::DependenciesResult>) {
          return induced(store, subject_and(result.target, result.imports, result.calls),
                         {RelType::Calls, RelType::Imports});
        } else {
          return std::nullopt;
        }
      },
      answer.result);
}

queries::Subgraph cypher_subgraph(const GraphStore& store, const cypher::CypherResult& result, std::size_t max_nodes) {
  CypherCollector collector(store, max_nodes);
  for (const auto& row : result.rows) {
    for (const cypher::Value& value : row) collector.add(value);
  }
  return std::move(collector).finish();
}

}  // namespace trellis::formats
