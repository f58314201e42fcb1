#include "executor/expression_eval.hpp"
#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// UNWIND list AS x: one row per item; null or an empty list gives none, any
// other value one row with the value itself.
class Unwind final : public Operator {
 public:
  Unwind(OperatorPtr input, ExprPtr list, Slot slot) : list_(std::move(list)), slot_(slot) {
    set_child(std::move(input));
  }
  std::string describe() const override { return "Unwind " + list_->text; }
  std::vector<const Operator*> extra_children() const override { return subplans(*list_); }
  OperatorForm form() const override {
    OperatorForm f{OperatorForm::Kind::Unwind};
    f.slot = slot_;
    f.list = list_.get();
    return f;
  }

 protected:
  void do_open(ExecContext&) override {
    items_ = Value();
    at_ = 0;
  }
  bool do_next(ExecContext& ctx, Row& row) override {
    for (;;) {
      if (items_.kind() == ValueKind::List && at_ < items_.as_list().size()) {
        ctx.tick();
        row.slots[slot_] = items_.as_list()[at_++];
        return true;
      }
      if (!input().next(ctx, row)) return false;
      items_ = evaluate(*list_, row, ctx);
      at_ = 0;
      if (items_.is_null()) continue;
      if (items_.kind() != ValueKind::List) {
        row.slots[slot_] = items_;
        items_ = Value();
        return true;
      }
    }
  }

 private:
  ExprPtr list_;
  Slot slot_;
  Value items_;
  std::size_t at_ = 0;
};

}  // namespace

OperatorPtr make_unwind(OperatorPtr input, ExprPtr list, Slot slot) {
  return std::make_unique<Unwind>(std::move(input), std::move(list), slot);
}

}  // namespace trellis::cypher
