#include "executor/expression_eval.hpp"
#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// Rows whose predicate is true.
class Filter final : public Operator {
 public:
  Filter(OperatorPtr input, ExprPtr predicate) : predicate_(std::move(predicate)) { set_child(std::move(input)); }
  std::string describe() const override { return "Filter " + predicate_->text; }
  OperatorForm form() const override {
    OperatorForm f{OperatorForm::Kind::Filter};
    f.predicate = predicate_.get();
    return f;
  }
  std::vector<const Operator*> extra_children() const override { return subplans(*predicate_); }

 protected:
  bool do_next(ExecContext& ctx, Row& row) override {
    while (input().next(ctx, row)) {
      if (is_true(*predicate_, row, ctx)) return true;
    }
    return false;
  }

 private:
  ExprPtr predicate_;
};

}  // namespace

OperatorPtr make_filter(OperatorPtr input, ExprPtr predicate) {
  return std::make_unique<Filter>(std::move(input), std::move(predicate));
}

}  // namespace trellis::cypher
