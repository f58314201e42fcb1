// Boost.Graph adapter: RelationshipGraph models VertexListGraph,
// IncidenceGraph, BidirectionalGraph and AdjacencyGraph, with a vertex
// index and an edge index (property_maps.hpp), so BGL algorithms
// (breadth_first_search, strong_components, topological_sort, ...) run on
// a GraphStore directly:
//
//   const RelationshipGraph calls(store, RelType::Calls);
//   std::vector<std::uint32_t> component(num_vertices(calls));
//   boost::strong_components(calls, boost::make_iterator_property_map(
//       component.begin(), get(boost::vertex_index, calls)));
//
// A reverse view (EdgeDirection::Reverse) is the transposed graph: BFS on
// it walks callers. Every function here is O(1) except dereferencing an
// in-edge iterator, which costs two binary searches over degree-sized lists.
// The free functions live in namespace trellis, where ADL finds them.
#pragma once

#include <boost/graph/graph_traits.hpp>
#include <boost/iterator/counting_iterator.hpp>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "trellis/graph_traits/edge_iterators.hpp"
#include "trellis/graph_traits/property_maps.hpp"
#include "trellis/graph_traits/relationship_graph.hpp"
#include "trellis/store/ids.hpp"

namespace trellis {

using VertexIterator = boost::counting_iterator<NodeId>;
// Neighbours in the view's direction, sorted by id; parallel edges repeat.
using AdjacencyIterator = const NodeId*;

// VertexListGraph: every node of the store, in id order.
inline std::pair<VertexIterator, VertexIterator> vertices(const RelationshipGraph& graph) {
  return {VertexIterator(0), VertexIterator(static_cast<NodeId>(graph.store().node_count()))};
}
inline std::size_t num_vertices(const RelationshipGraph& graph) {
  return graph.store().node_count();
}
// The number of edges of the view's type (not an EdgeListGraph: there is no
// edges()); edge indexes lie in [0, num_edges).
inline std::size_t num_edges(const RelationshipGraph& graph) {
  return graph.followed().edge_count();
}

// IncidenceGraph, in the view's direction.
inline std::pair<OutEdgeIterator, OutEdgeIterator> out_edges(NodeId vertex,
                                                             const RelationshipGraph& graph) {
  const Csr& followed = graph.followed();
  const std::uint32_t first = followed.first_position(vertex);
  const auto degree = static_cast<std::uint32_t>(followed.neighbors(vertex).size());
  return {OutEdgeIterator(followed, vertex, first),
          OutEdgeIterator(followed, vertex, first + degree)};
}
inline std::size_t out_degree(NodeId vertex, const RelationshipGraph& graph) {
  return graph.followed().neighbors(vertex).size();
}
inline NodeId source(const RelEdge& edge, const RelationshipGraph&) {
  return edge.source;
}
inline NodeId target(const RelEdge& edge, const RelationshipGraph&) {
  return edge.target;
}

// BidirectionalGraph: in-edges come from the other direction's CSR.
inline std::pair<InEdgeIterator, InEdgeIterator> in_edges(NodeId vertex,
                                                          const RelationshipGraph& graph) {
  const auto degree = static_cast<std::uint32_t>(graph.opposite().neighbors(vertex).size());
  return {InEdgeIterator(graph.followed(), graph.opposite(), vertex, 0),
          InEdgeIterator(graph.followed(), graph.opposite(), vertex, degree)};
}
inline std::size_t in_degree(NodeId vertex, const RelationshipGraph& graph) {
  return graph.opposite().neighbors(vertex).size();
}
// In plus out: a self loop counts twice.
inline std::size_t degree(NodeId vertex, const RelationshipGraph& graph) {
  return out_degree(vertex, graph) + in_degree(vertex, graph);
}

// AdjacencyGraph: the followed CSR's list itself.
inline std::pair<AdjacencyIterator, AdjacencyIterator> adjacent_vertices(
    NodeId vertex, const RelationshipGraph& graph) {
  const auto neighbors = graph.followed().neighbors(vertex);
  return {neighbors.data(), neighbors.data() + neighbors.size()};
}

}  // namespace trellis

namespace boost {

template <>
struct graph_traits<trellis::RelationshipGraph> {
  struct traversal_category : vertex_list_graph_tag,
                              bidirectional_graph_tag,
                              adjacency_graph_tag {};

  using vertex_descriptor = trellis::NodeId;
  using edge_descriptor = trellis::RelEdge;
  using directed_category = bidirectional_tag;
  using edge_parallel_category = allow_parallel_edge_tag;

  using vertex_iterator = trellis::VertexIterator;
  using out_edge_iterator = trellis::OutEdgeIterator;
  using in_edge_iterator = trellis::InEdgeIterator;
  using adjacency_iterator = trellis::AdjacencyIterator;
  using edge_iterator = void;  // not an EdgeListGraph

  using vertices_size_type = std::size_t;
  using edges_size_type = std::size_t;
  using degree_size_type = std::size_t;

  static vertex_descriptor null_vertex() { return trellis::kNoNode; }
};

}  // namespace boost
