// Walks the edges at one node over a set of relationship types in one or
// both directions, as (relationship, other end) steps read straight from the
// CSR. A self loop seen from both sides is yielded once.
#pragma once

#include <span>
#include <vector>

#include "binder/bound_query.hpp"
#include "executor/exec_context.hpp"

namespace trellis::cypher {

struct EdgeStep {
  RelRef rel;
  NodeId other = kNoNode;
};

class EdgeCursor {
 public:
  // `lazy`: incoming edges carry kLazyPos (an anonymous relationship nothing reads).
  void reset(const GraphStore& store, NodeId node, const std::vector<RelType>* types, Direction direction,
             bool lazy = false) {
    store_ = &store;
    lazy_ = lazy;
    node_ = node;
    types_ = types;
    direction_ = direction;
    type_ = 0;
    incoming_ = direction == Direction::In;
    load();
  }
  bool next(EdgeStep& step) {
    for (;;) {
      if (i_ < span_.size()) {
        const std::size_t i = i_++;
        const NodeId other = span_[i];
        const RelType type = (*types_)[type_];
        if (incoming_) {
          if (direction_ == Direction::Both && other == node_) continue;  // the self loop was seen outgoing
          step.rel = lazy_ ? RelRef{type, kLazyPos, other, node_, static_cast<std::uint32_t>(i)}
                           : RelRef{type, store_->in_edge_position(type, node_, i), other, node_};
        } else {
          step.rel = RelRef{type, store_->out_edge_position(type, node_, i), node_, other, 0};
        }
        step.other = other;
        return true;
      }
      if (direction_ == Direction::Both && !incoming_) {
        incoming_ = true;
      } else {
        if (++type_ >= types_->size()) return false;
        incoming_ = direction_ == Direction::In;
      }
      load();
    }
  }

 private:
  void load() {
    i_ = 0;
    if (type_ >= types_->size()) {
      span_ = {};
      return;
    }
    const RelType type = (*types_)[type_];
    span_ = incoming_ ? store_->in(type, node_) : store_->out(type, node_);
  }

  const GraphStore* store_ = nullptr;
  bool lazy_ = false;
  NodeId node_ = kNoNode;
  const std::vector<RelType>* types_ = nullptr;
  Direction direction_ = Direction::Out;
  std::size_t type_ = 0;
  bool incoming_ = false;
  std::span<const NodeId> span_;
  std::size_t i_ = 0;
};

// The edge's forward position, found now if it was left lazy.
inline EdgePos resolved_position(const GraphStore& store, const RelRef& rel) {
  return rel.pos != kLazyPos ? rel.pos : store.in_edge_position(rel.type, rel.to, rel.reverse_index);
}

// Whether two references name the same edge (either may be lazy).
inline bool same_edge(const GraphStore& store, const RelRef& a, const RelRef& b) {
  if (a.type != b.type || a.from != b.from || a.to != b.to) return false;
  return resolved_position(store, a) == resolved_position(store, b);
}

// The edge is one of the relationships already bound in `unique` slots
// (a relationship, or a list of them from a variable-length pattern).
inline bool rel_in_use(const GraphStore& store, const Row& row, const std::vector<Slot>& unique, const RelRef& rel) {
  for (const Slot slot : unique) {
    const Value& v = row.slots[slot];
    if (v.kind() == ValueKind::Relationship) {
      if (same_edge(store, v.as_rel(), rel)) return true;
    } else if (v.kind() == ValueKind::List) {
      for (const Value& item : v.as_list()) {
        if (item.kind() == ValueKind::Relationship && same_edge(store, item.as_rel(), rel)) return true;
      }
    }
  }
  return false;
}

inline bool has_label(const GraphStore& store, NodeId node, const std::vector<Label>& labels) {
  if (labels.empty()) return true;
  const Label label = store.label(node);
  for (const Label l : labels) {
    if (l == label) return true;
  }
  return false;
}

}  // namespace trellis::cypher
