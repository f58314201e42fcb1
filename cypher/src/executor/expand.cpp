#include <algorithm>

#include "executor/edge_cursor.hpp"
#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// One hop from a bound node over the CSR, binding the relationship and the
// other end (or checking the other end when it is bound already).
class Expand final : public Operator {
 public:
  Expand(OperatorPtr input, ExpandSpec spec) : spec_(std::move(spec)) { set_child(std::move(input)); }
  std::string describe() const override { return "Expand " + spec_.text; }
  OperatorForm form() const override {
    OperatorForm f{OperatorForm::Kind::Expand};
    f.expand = &spec_;
    return f;
  }

 protected:
  void do_open(ExecContext&) override { active_ = false; }
  bool do_next(ExecContext& ctx, Row& row) override {
    const GraphStore& store = ctx.store();
    for (;;) {
      if (active_) {
        EdgeStep step;
        while (cursor_.next(step)) {
          ctx.tick();
          if (spec_.to_bound) {
            const Value& to = row.slots[spec_.to];
            if (to.kind() != ValueKind::Node || to.as_node().id != step.other) continue;
          } else if (!has_label(store, step.other, spec_.to_labels)) {
            continue;
          }
          if (!spec_.unique.empty() && rel_in_use(store, row, spec_.unique, step.rel)) continue;
          row.slots[spec_.rel] = step.rel;
          if (!spec_.to_bound) row.slots[spec_.to] = NodeRef{step.other};
          return true;
        }
        active_ = false;
      }
      if (!input().next(ctx, row)) return false;
      const Value& from = row.slots[spec_.from];
      if (from.kind() != ValueKind::Node) continue;  // null from an OPTIONAL MATCH: no match
      cursor_.reset(store, from.as_node().id, &spec_.types, spec_.direction, spec_.lazy_rel);
      active_ = true;
    }
  }

 private:
  ExpandSpec spec_;
  EdgeCursor cursor_;
  bool active_ = false;
};

// The degree of `from` over the types, as the row's weight; rows of degree 0 are dropped.
class ExpandCount final : public Operator {
 public:
  ExpandCount(OperatorPtr input, ExpandSpec spec) : spec_(std::move(spec)) { set_child(std::move(input)); }
  std::string describe() const override { return "ExpandCount " + spec_.text; }
  OperatorForm form() const override {
    OperatorForm f{OperatorForm::Kind::ExpandCount};
    f.expand = &spec_;
    return f;
  }

 protected:
  bool do_next(ExecContext& ctx, Row& row) override {
    const GraphStore& store = ctx.store();
    while (input().next(ctx, row)) {
      ctx.tick();
      const Value& from = row.slots[spec_.from];
      if (from.kind() != ValueKind::Node) continue;
      const NodeId node = from.as_node().id;
      if (!spec_.to_labels.empty() && !into_ready_) {
        into_ = label_ranges(store, spec_.to_labels);
        into_ready_ = true;
      }
      std::int64_t degree = spec_.to_labels.empty() ? hop_degree(store, node, spec_.types, spec_.direction)
                                                    : hop_degree_into(store, node, spec_.types, spec_.direction, into_);
      // The relationships the pattern's earlier hops used are not matched again.
      for (const Slot slot : spec_.unique) {
        const Value& used = row.slots[slot];
        const auto drop = [&](const Value& v) {
          if (v.kind() == ValueKind::Relationship && hop_reads(v.as_rel(), node, spec_.types, spec_.direction, into_)) --degree;
        };
        if (used.kind() == ValueKind::List) {
          for (const Value& item : used.as_list()) drop(item);
        } else {
          drop(used);
        }
      }
      if (degree == 0) continue;
      row.weight = degree;  // the only weighting operator of its pipeline (planner.hpp)
      return true;
    }
    return false;
  }

 private:
  ExpandSpec spec_;
  std::vector<NodeRange> into_;  // the far end's label ranges (to_labels set)
  bool into_ready_ = false;
};

}  // namespace

OperatorPtr make_expand(OperatorPtr input, ExpandSpec spec) {
  return std::make_unique<Expand>(std::move(input), std::move(spec));
}

OperatorPtr make_expand_count(OperatorPtr input, ExpandSpec spec) {
  return std::make_unique<ExpandCount>(std::move(input), std::move(spec));
}

}  // namespace trellis::cypher
