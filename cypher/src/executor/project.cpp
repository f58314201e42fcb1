#include "executor/expression_eval.hpp"
#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// WITH / RETURN items without aggregates: each item's value into its slot.
// Values are computed first and stored after, so `WITH b AS a, a AS b` swaps.
class Project final : public Operator {
 public:
  Project(OperatorPtr input, std::vector<ProjectItem> items, std::string text, bool counts_through)
      : items_(std::move(items)), text_(std::move(text)), counts_through_(counts_through) {
    set_child(std::move(input));
  }
  // Items that cannot fail: a row counts as its input's row.
  std::size_t count_rest(ExecContext& ctx, Row& row, std::size_t bound) override {
    if (counts_through_) return input().count_rest(ctx, row, bound);
    return Operator::count_rest(ctx, row, bound);
  }
  std::string describe() const override { return "Project " + text_; }
  OperatorForm form() const override {
    OperatorForm form;
    for (const ProjectItem& item : items_) {
      if (item.expr->kind == ExprKind::Variable) {
        form.aliases.emplace_back(item.expr->slot, item.slot);
      } else {
        form.computed.emplace_back(item.expr, item.slot);
      }
    }
    form.kind = OperatorForm::Kind::Alias;
    return form;
  }
  std::vector<const Operator*> extra_children() const override {
    std::vector<const Operator*> out;
    for (const ProjectItem& item : items_) add_subplans(*item.expr, out);
    return out;
  }

 protected:
  bool do_next(ExecContext& ctx, Row& row) override {
    if (!input().next(ctx, row)) return false;
    values_.clear();
    for (const ProjectItem& item : items_) values_.push_back(evaluate(*item.expr, row, ctx));
    for (std::size_t i = 0; i < items_.size(); ++i) row.slots[items_[i].slot] = std::move(values_[i]);
    return true;
  }

 private:
  std::vector<ProjectItem> items_;
  std::string text_;
  bool counts_through_;
  std::vector<Value> values_;
};

}  // namespace

OperatorPtr make_project(OperatorPtr input, std::vector<ProjectItem> items, std::string text, bool counts_through) {
  return std::make_unique<Project>(std::move(input), std::move(items), std::move(text), counts_through);
}

}  // namespace trellis::cypher
