#include "batch/batch_operators.hpp"
#include "executor/expression_eval.hpp"

namespace trellis::cypher {
namespace {

// Rows whose predicate is true, evaluated over the whole batch; the batch
// is compacted in place.
class BatchFilter final : public BatchOperator {
 public:
  BatchFilter(BatchOperatorPtr input, const Expr& predicate, BatchLayout layout)
      : predicate_(predicate), layout_(std::move(layout)), vector_(compile_vector(predicate, layout_.nodes)) {
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
      VecInput in{out, ctx, scratch_};
      const Vec& truth = vector_->eval(in);
      keep_.resize(out.size);
      if (vector_->kind() == VecKind::Bool) {
        const std::uint8_t* __restrict nulls = truth.nulls.data();
        const std::int64_t* __restrict ints = truth.ints.data();
        std::uint8_t* __restrict keep = keep_.data();
        const std::size_t n = out.size;
        for (std::size_t i = 0; i < n; ++i) keep[i] = static_cast<std::uint8_t>((nulls[i] == 0) & (ints[i] != 0));
      } else {
        for (std::size_t i = 0; i < out.size; ++i) keep_[i] = truth_of(vec_value(truth, vector_->kind(), i));
      }
      out.compact(keep_);
      if (out.size != 0) return true;
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
  std::vector<std::uint8_t> keep_;
};

}  // namespace

BatchOperatorPtr make_batch_filter(BatchOperatorPtr input, const Expr& predicate, BatchLayout layout) {
  return std::make_unique<BatchFilter>(std::move(input), predicate, std::move(layout));
}

}  // namespace trellis::cypher
