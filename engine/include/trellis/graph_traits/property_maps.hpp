// Property maps of a RelationshipGraph: the vertex index and edge index
// BGL algorithms build their own arrays over, and edge property columns
// (such as CALLS line) read per edge. Included by boost_adapter.hpp.
#pragma once

#include <boost/graph/properties.hpp>
#include <boost/property_map/property_map.hpp>
#include <cstddef>
#include <cstdint>

#include "trellis/graph_traits/relationship_graph.hpp"
#include "trellis/store/ids.hpp"
#include "trellis/store/property_value.hpp"

namespace trellis {

// Vertices are the ids 0 .. num_vertices, so a vertex is its own index:
// algorithms size colour, distance and component arrays by num_vertices.
using VertexIndexMap = boost::typed_identity_property_map<NodeId>;

inline VertexIndexMap get(boost::vertex_index_t, const RelationshipGraph&) {
  return {};
}
inline NodeId get(boost::vertex_index_t, const RelationshipGraph&, NodeId vertex) {
  return vertex;
}

// An edge's index is RelEdge::position, in [0, num_edges).
struct EdgeIndexMap {
  using key_type = RelEdge;
  using value_type = std::uint32_t;
  using reference = std::uint32_t;
  using category = boost::readable_property_map_tag;

  friend std::uint32_t get(EdgeIndexMap, const RelEdge& edge) { return edge.position; }
};

inline EdgeIndexMap get(boost::edge_index_t, const RelationshipGraph&) {
  return {};
}
inline std::uint32_t get(boost::edge_index_t, const RelationshipGraph&, const RelEdge& edge) {
  return edge.position;
}

// One edge property column of the view's relationship type, read per edge:
// `column` indexes rel_type_def(type).properties (see property_index). The
// value is null where the property was never set. In a reverse view each
// read costs two binary searches (edge_pos).
class EdgePropertyMap {
 public:
  using key_type = RelEdge;
  using value_type = PropertyValue;
  using reference = PropertyValue;
  using category = boost::readable_property_map_tag;

  EdgePropertyMap(const RelationshipGraph& graph, std::size_t column)
      : graph_(graph), column_(column) {}

  friend PropertyValue get(const EdgePropertyMap& map, const RelEdge& edge) {
    return map.graph_.store().edge_property(map.graph_.type(), edge_pos(map.graph_, edge),
                                            map.column_);
  }

 private:
  RelationshipGraph graph_;
  std::size_t column_;
};

}  // namespace trellis

namespace boost {

template <>
struct property_map<trellis::RelationshipGraph, vertex_index_t> {
  using type = trellis::VertexIndexMap;
  using const_type = trellis::VertexIndexMap;
};

template <>
struct property_map<trellis::RelationshipGraph, edge_index_t> {
  using type = trellis::EdgeIndexMap;
  using const_type = trellis::EdgeIndexMap;
};

}  // namespace boost
