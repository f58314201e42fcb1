#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// OPTIONAL MATCH: the inner plan runs from each input row (its leaf yields
// the row as it is); an input row with no match comes out once with the
// inner plan's new variables null.
class Optional final : public Operator {
 public:
  Optional(OperatorPtr input, OperatorPtr inner, std::vector<Slot> null_slots)
      : inner_(std::move(inner)), null_slots_(std::move(null_slots)) {
    set_child(std::move(input));
  }
  std::string describe() const override { return "Optional"; }
  std::vector<const Operator*> extra_children() const override { return {inner_.get()}; }

 protected:
  void do_open(ExecContext&) override { active_ = false; }
  bool do_next(ExecContext& ctx, Row& row) override {
    for (;;) {
      if (active_) {
        if (inner_->next(ctx, row)) {
          matched_ = true;
          return true;
        }
        active_ = false;
        if (!matched_) {
          for (const Slot slot : null_slots_) row.slots[slot] = Value();
          return true;
        }
      }
      if (!input().next(ctx, row)) return false;
      inner_->open(ctx);
      active_ = true;
      matched_ = false;
    }
  }

 private:
  OperatorPtr inner_;
  std::vector<Slot> null_slots_;
  bool active_ = false;
  bool matched_ = false;
};

}  // namespace

OperatorPtr make_optional(OperatorPtr input, OperatorPtr inner, std::vector<Slot> null_slots) {
  return std::make_unique<Optional>(std::move(input), std::move(inner), std::move(null_slots));
}

}  // namespace trellis::cypher
