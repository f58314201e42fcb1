// RelationshipGraph: one relationship type of a GraphStore seen as a
// directed graph, so Boost.Graph algorithms run on the store's CSR arrays
// with no copy. This header defines the view and its edge; include
// boost_adapter.hpp to hand it to BGL algorithms.
#pragma once

#include <compare>
#include <cstdint>

#include "trellis/store/csr.hpp"
#include "trellis/store/graph_store.hpp"
#include "trellis/store/ids.hpp"
#include "trellis/store/schema.hpp"

namespace trellis {

enum class EdgeDirection : std::uint8_t {
  Forward,  // follow edges as written: a caller's out-edges lead to its callees
  Reverse,  // follow edges backwards: a callee's out-edges lead to its callers
};

// An edge as the view sees it, from `source` to `target` in the view's
// direction: in a reverse view, `source` is the stored edge's target.
// `position` is the edge's index in the followed CSR's `targets` array, so
// it is unique within the view and lies in [0, num_edges). In a forward
// view it is the store's EdgePos; edge_pos() gives that in either view.
struct RelEdge {
  NodeId source = kNoNode;
  NodeId target = kNoNode;
  std::uint32_t position = 0;

  friend auto operator<=>(const RelEdge&, const RelEdge&) = default;
};

// The edges of one relationship type in one direction. Vertices are all
// node ids of the store, 0 .. node_count(), whatever their label; a node
// without edges of this type is an isolated vertex. The view is a pointer
// and two small enums: copy it freely, but the store must outlive it.
class RelationshipGraph {
 public:
  RelationshipGraph(const GraphStore& store, RelType type,
                    EdgeDirection direction = EdgeDirection::Forward)
      : store_(&store), type_(type), direction_(direction) {}

  const GraphStore& store() const { return *store_; }
  RelType type() const { return type_; }
  EdgeDirection direction() const { return direction_; }

  // The CSR whose lists are this view's out-edges.
  const Csr& followed() const {
    return direction_ == EdgeDirection::Forward ? store_->forward(type_) : store_->reverse(type_);
  }
  // The CSR of the other direction, whose lists are this view's in-edges.
  const Csr& opposite() const {
    return direction_ == EdgeDirection::Forward ? store_->reverse(type_) : store_->forward(type_);
  }

 private:
  const GraphStore* store_;
  RelType type_;
  EdgeDirection direction_;
};

// The store's EdgePos of `edge`, for GraphStore::edge_property(). In a
// forward view that is `edge.position`; in a reverse view it costs two
// binary searches (see forward_position in csr.hpp).
inline EdgePos edge_pos(const RelationshipGraph& graph, const RelEdge& edge) {
  if (graph.direction() == EdgeDirection::Forward) return edge.position;
  const Csr& reverse = graph.followed();
  return forward_position(graph.opposite(), reverse, edge.source,
                          edge.position - reverse.first_position(edge.source));
}

}  // namespace trellis
