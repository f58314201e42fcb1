#include <algorithm>

#include "executor/edge_cursor.hpp"
#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// Variable-length expansion (`*min..max`) by depth-first search with trail
// semantics: no relationship twice in one path (nodes may repeat). Each
// path of length min..max ending at an accepted node is one row, binding the
// relationship list, the walked segment and the end node.
class VarExpand final : public Operator {
 public:
  VarExpand(OperatorPtr input, VarExpandSpec spec) : spec_(std::move(spec)) { set_child(std::move(input)); }
  std::string describe() const override {
    return fmt::format("VarExpand {} *{}..{}", spec_.step.text, spec_.min_hops, spec_.max_hops);
  }

 protected:
  void do_open(ExecContext&) override {
    cursors_.clear();
    nodes_.clear();
    rels_.clear();
  }
  bool do_next(ExecContext& ctx, Row& row) override {
    const GraphStore& store = ctx.store();
    for (;;) {
      while (!cursors_.empty()) {
        EdgeStep step;
        if (rels_.size() < spec_.max_hops && cursors_.back().next(step)) {
          ctx.tick();
          if (std::find(rels_.begin(), rels_.end(), step.rel) != rels_.end()) continue;
          if (!spec_.step.unique.empty() && rel_in_use(store, row, spec_.step.unique, step.rel)) continue;
          rels_.push_back(step.rel);
          nodes_.push_back(step.other);
          cursors_.emplace_back();
          if (rels_.size() < spec_.max_hops) {
            cursors_.back().reset(store, step.other, &spec_.step.types, spec_.step.direction);
          }
          if (rels_.size() >= spec_.min_hops && accepts(store, row, step.other)) {
            emit(ctx, row);
            return true;
          }
        } else {
          cursors_.pop_back();
          if (!rels_.empty()) {
            rels_.pop_back();
            nodes_.pop_back();
          }
        }
      }
      if (!input().next(ctx, row)) return false;
      const Value& from = row.slots[spec_.step.from];
      if (from.kind() != ValueKind::Node) continue;
      const NodeId start = from.as_node().id;
      nodes_.assign(1, start);
      cursors_.emplace_back();
      cursors_.back().reset(store, start, &spec_.step.types, spec_.step.direction);
      if (spec_.min_hops == 0 && accepts(store, row, start)) {
        emit(ctx, row);
        return true;
      }
    }
  }

 private:
  bool accepts(const GraphStore& store, const Row& row, NodeId node) const {
    if (spec_.step.to_bound) {
      const Value& to = row.slots[spec_.step.to];
      return to.kind() == ValueKind::Node && to.as_node().id == node;
    }
    return has_label(store, node, spec_.step.to_labels);
  }
  void emit(ExecContext&, Row& row) {
    ValueList rels;
    rels.reserve(rels_.size());
    for (const RelRef& rel : rels_) rels.emplace_back(rel);
    PathValue segment{nodes_, rels_};
    if (spec_.reversed) {
      std::reverse(rels.begin(), rels.end());
      std::reverse(segment.nodes.begin(), segment.nodes.end());
      std::reverse(segment.rels.begin(), segment.rels.end());
    }
    row.slots[spec_.step.rel] = std::move(rels);
    if (spec_.segment != kNoSlot) row.slots[spec_.segment] = std::move(segment);
    if (!spec_.step.to_bound) row.slots[spec_.step.to] = NodeRef{nodes_.back()};
  }

  VarExpandSpec spec_;
  std::vector<EdgeCursor> cursors_;  // cursors_[i] walks the edges at nodes_[i]
  std::vector<NodeId> nodes_;
  std::vector<RelRef> rels_;
};

}  // namespace

OperatorPtr make_var_expand(OperatorPtr input, VarExpandSpec spec) {
  return std::make_unique<VarExpand>(std::move(input), std::move(spec));
}

}  // namespace trellis::cypher
