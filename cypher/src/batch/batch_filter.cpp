#include "batch/batch_operators.hpp"
#include "executor/expression_eval.hpp"

namespace trellis::cypher {
namespace {

// Rows whose predicate is true, evaluated over the batch's live rows; the
// rows kept are marked in the batch's selection (no column is moved).
class BatchFilter final : public BatchOperator {
 public:
  BatchFilter(BatchOperatorPtr input, const Expr& predicate, BatchLayout layout)
      : predicate_(predicate), layout_(std::move(layout)), vector_(compile_vector(predicate, layout_)) {
    set_child(std::move(input));
    scratch_.slots.resize(layout_.slots);
  }
  std::string describe() const override {
    return (vector_->row_by_row() ? "BatchFilter (row by row) " : "BatchFilter ") + predicate_.text;
  }
  std::vector<const Operator*> extra_children() const override { return subplans(predicate_); }

 protected:
  bool do_pull(ExecContext& ctx, Batch& out) override {
    while (batch_input()->pull(ctx, out)) {
      VecInput in{out, ctx, scratch_, out.live_rows()};
      const Vec& truth = vector_->eval(in);
      kept_.resize(out.size);
      std::uint32_t* __restrict kept = kept_.data();
      std::size_t n = 0;
      if (vector_->kind() == VecKind::Bool) {
        const std::uint8_t* __restrict nulls = truth.nulls.data();
        const std::int64_t* __restrict ints = truth.ints.data();
        // The kept positions, written without a branch.
        const auto keep = [&](std::uint32_t i) __attribute__((always_inline)) {
          kept[n] = i;
          n += (nulls[i] == 0) & (ints[i] != 0) ? std::size_t{1} : std::size_t{0};
        };
        if (out.selected) {
          for (const std::uint32_t i : out.selection) keep(i);
        } else {
          for (std::uint32_t i = 0, size = static_cast<std::uint32_t>(out.size); i < size; ++i) keep(i);
        }
      } else {
        in.each([&](std::uint32_t i) {
          if (truth_of(vec_value(truth, vector_->kind(), i))) kept[n++] = i;
        });
      }
      if (n == out.size) return true;  // every row passes: the batch as it came
      if (n == 0) continue;
      kept_.resize(n);
      out.selection.swap(kept_);
      out.selected = true;
      return true;
    }
    return false;
  }

 private:
  // As the row Filter's is_true(): null is false, a value of another kind an error.
  bool truth_of(const Value& v) const {
    if (v.is_null()) return false;
    if (v.kind() != ValueKind::Bool) {
      fail(ErrorCode::InvalidArgument,
           fmt::format("Expected a boolean but got {} in '{}'", to_string(v.kind()), predicate_.text));
    }
    return v.as_bool();
  }

  const Expr& predicate_;
  BatchLayout layout_;
  VecExprPtr vector_;
  Row scratch_;
  std::vector<std::uint32_t> kept_;
};

}  // namespace

BatchOperatorPtr make_batch_filter(BatchOperatorPtr input, const Expr& predicate, BatchLayout layout) {
  return std::make_unique<BatchFilter>(std::move(input), predicate, std::move(layout));
}

}  // namespace trellis::cypher
