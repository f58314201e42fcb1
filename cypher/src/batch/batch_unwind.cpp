#include <algorithm>

#include "batch/batch_operators.hpp"
#include "batch/function_vec.hpp"
#include "executor/runtime_error.hpp"

namespace trellis::cypher {
namespace {

// UNWIND of a literal list whose items have one kind (`[f.line_start,
// f.line_end]`) inside a pipeline: the items are evaluated one by one over
// the batch and each input row becomes one row per item, written as a
// column of that kind, the input's columns gathered by parent row as an
// expansion's are.
class BatchUnwind final : public BatchOperator {
 public:
  BatchUnwind(BatchOperatorPtr input, const Expr& list, Slot slot, BatchLayout in, BatchLayout out)
      : list_(list), slot_(slot), in_layout_(std::move(in)), out_layout_(std::move(out)) {
    set_child(std::move(input));
    kind_ = out_layout_.value(slot_)->kind;
    for (const auto& item : list_.args) items_.push_back(compile_vector(*item, in_layout_));
    scratch_.slots.resize(in_layout_.slots);
  }
  std::string describe() const override { return "BatchUnwind " + list_.text; }

  // Whether `list` is a literal list whose items compile to loops of one
  // kind (nulls aside); `kind` is then that kind.
  // `interned`: texts all read off the store, with their ids.
  static bool literal_items(const Expr& list, const BatchLayout& layout, VecKind& kind, bool& interned) {
    if (list.kind != ExprKind::ListLiteral || list.args.empty()) return false;
    std::optional<VecKind> common;
    interned = true;
    for (const auto& item : list.args) {
      const VecExprPtr compiled = compile_vector(*item, layout);
      const VecKind k = compiled->kind();
      if (compiled->row_by_row() || k == VecKind::Any) return false;
      if (k == VecKind::Null) continue;
      if (common && *common != k) return false;
      common = k;
      interned = interned && compiled->interned();
    }
    kind = common.value_or(VecKind::Null);
    interned = interned && kind == VecKind::Str;
    return true;
  }

 protected:
  void do_open(ExecContext&) override {
    in_.size = 0;
    row_ = 0;
    item_ = 0;
    started_ = false;
    done_ = false;
  }
  bool do_pull(ExecContext& ctx, Batch& out) override {
    ctx.check_deadline();
    out_layout_.shape(out);
    Vec& column = out.values[slot_];
    std::size_t n = 0;
    parents_.resize(kBatchSize);
    while (n < kBatchSize && !done_) {
      if (!started_ || row_ >= live_.size()) {
        if (n != 0) break;  // the rows written refer to this input batch: gather them first
        if (!batch_input()->pull(ctx, in_)) {
          done_ = true;
          break;
        }
        start_batch(ctx);
        started_ = true;
      }
      const std::uint32_t i = live_[row_];
      const std::size_t count = items_.size();
      while (n < kBatchSize && item_ < count) {
        parents_[n] = i;
        if (items_[item_]->kind() == VecKind::Null) {
          column.nulls[n] = 1;  // a null literal among the items
        } else {
          column.copy_one(*results_[item_], kind_, i, n);
        }
        ++n;
        ++item_;
      }
      if (item_ >= count) {
        ++row_;
        item_ = 0;
      }
    }
    gather_parents(in_, in_layout_, parents_.data(), n, out, slot_);  // the input's columns, by parent row
    out.size = n;
    out.selected = false;
    out.ascending = kNoSlot;
    return n != 0;
  }

 private:
  // The lists of the input batch's live rows.
  void start_batch(ExecContext& ctx) {
    live_.clear();
    const std::vector<std::uint32_t>* selection = in_.live_rows();
    VecInput input{in_, ctx, scratch_, selection};
    input.each([&](std::uint32_t i) { live_.push_back(i); });
    row_ = 0;
    item_ = 0;
    results_.clear();
    try {
      for (const VecExprPtr& item : items_) results_.push_back(&item->eval(input));
    } catch (const RuntimeError&) {
      replay_rows(list_, input);  // the error the row Unwind meets first
      throw;
    }
  }
  const Expr& list_;
  Slot slot_;
  BatchLayout in_layout_;
  BatchLayout out_layout_;
  VecKind kind_ = VecKind::Any;
  std::vector<VecExprPtr> items_;  // the list's items
  std::vector<const Vec*> results_;
  Batch in_;
  Row scratch_;
  std::vector<std::uint32_t> live_;
  std::size_t row_ = 0;   // into live_
  std::size_t item_ = 0;  // into the row's items
  bool started_ = false;
  bool done_ = false;
  std::vector<std::uint32_t> parents_;
};

}  // namespace

std::optional<ValueColumn> unwound_column(const Expr& list, const BatchLayout& in) {
  VecKind kind = VecKind::Any;
  bool interned = false;
  if (BatchUnwind::literal_items(list, in, kind, interned)) return ValueColumn{kind, interned};
  return std::nullopt;
}

BatchOperatorPtr make_batch_unwind(BatchOperatorPtr input, const Expr& list, Slot slot, BatchLayout in, BatchLayout out) {
  return std::make_unique<BatchUnwind>(std::move(input), list, slot, std::move(in), std::move(out));
}

}  // namespace trellis::cypher
