#include <algorithm>

#include "batch/batch_operators.hpp"
#include "executor/expression_eval.hpp"
#include "executor/runtime_error.hpp"

namespace trellis::cypher {
namespace {

// A projection inside a pipeline (`WITH a, b AS c, size(a.name) AS s`):
// each batch passes through with the columns read also under the slots
// written, and each computed item's values as a column of its slot. Every
// item is evaluated over the batch before any slot is written, so `WITH b
// AS a, a AS b` swaps them as the row Project does.
class BatchAlias final : public BatchOperator {
 public:
  BatchAlias(BatchOperatorPtr input, const OperatorForm& form, const BatchLayout& in, std::string text)
      : aliases_(form.aliases), computed_(form.computed), text_(std::move(text)), nodes_(aliases_.size()),
        rels_(aliases_.size()), values_(aliases_.size()) {
    set_child(std::move(input));
    for (const auto& [expr, written] : computed_) vectors_.push_back(compile_vector(*expr, in));
    scratch_.slots.resize(in.slots);
  }
  std::string describe() const override { return (computed_.empty() ? "BatchAlias " : "BatchProject ") + text_; }

 protected:
  bool do_pull(ExecContext& ctx, Batch& out) override {
    if (!batch_input()->pull(ctx, out)) return false;
    const std::size_t size = out.size;
    const std::vector<std::uint32_t>* live = out.live_rows();
    // The computed items over the batch as it came (their results stay in their vectors).
    results_.clear();
    VecInput input{out, ctx, scratch_, live};
    try {
      for (const VecExprPtr& vector : vectors_) results_.push_back(&vector->eval(input));
    } catch (const RuntimeError&) {
      if (vectors_.size() > 1) fail_as_rows(ctx, out);
      throw;
    }
    std::vector<std::uint8_t> node_read(aliases_.size()), rel_read(aliases_.size()), value_read(aliases_.size());
    for (std::size_t k = 0; k < aliases_.size(); ++k) {
      const auto [read, written] = aliases_[k];
      node_read[k] = out.has_node[read];
      rel_read[k] = out.has_rel[read];
      value_read[k] = out.has_value[read];
      if (read == written) continue;
      if (node_read[k] != 0) nodes_[k].assign(out.nodes[read].begin(), out.nodes[read].begin() + static_cast<std::ptrdiff_t>(size));
      if (rel_read[k] != 0) rels_[k].assign(out.rels[read].begin(), out.rels[read].begin() + static_cast<std::ptrdiff_t>(size));
      if (value_read[k] != 0) {
        values_[k].shape(out.value_kinds[read], !out.values[read].ids.empty(), kBatchSize);
        values_[k].copy_rows(out.values[read], out.value_kinds[read], live, size);
        value_kinds_.resize(aliases_.size());
        value_kinds_[k] = out.value_kinds[read];
      }
    }
    for (std::size_t k = 0; k < aliases_.size(); ++k) {
      const auto [read, written] = aliases_[k];
      if (read == written) continue;
      out.has_node[written] = node_read[k];
      out.has_rel[written] = rel_read[k];
      out.has_value[written] = value_read[k];
      if (node_read[k] != 0) {
        out.nodes[written].resize(kBatchSize);
        std::copy_n(nodes_[k].begin(), size, out.nodes[written].begin());
      }
      if (rel_read[k] != 0) {
        out.rels[written].resize(kBatchSize);
        std::copy_n(rels_[k].begin(), size, out.rels[written].begin());
      }
      if (value_read[k] != 0) {
        out.value_kinds[written] = value_kinds_[k];
        std::swap(out.values[written], values_[k]);
      }
    }
    for (std::size_t k = 0; k < computed_.size(); ++k) {
      const Slot written = computed_[k].second;
      const VecExpr& vector = *vectors_[k];
      out.has_node[written] = 0;
      out.has_rel[written] = 0;
      out.has_value[written] = 1;
      out.value_kinds[written] = vector.kind();
      Vec& column = out.values[written];
      column.shape(vector.kind(), vector.interned(), kBatchSize);
      column.copy_rows(*results_[k], vector.kind(), live, size);
    }
    return true;
  }

 private:
  // An item failed: several may, so the error raised is the one the row
  // Project meets first, row by row and each row's items in order.
  void fail_as_rows(ExecContext& ctx, const Batch& batch) {
    VecInput rows{batch, ctx, scratch_, batch.live_rows()};
    rows.each([&](std::uint32_t i) {
      batch.write_row(i, scratch_);
      for (const auto& [expr, written] : computed_) evaluate(*expr, scratch_, ctx);
    });
  }

  std::vector<std::pair<std::size_t, std::size_t>> aliases_;
  std::vector<std::pair<const Expr*, std::size_t>> computed_;
  std::string text_;
  std::vector<VecExprPtr> vectors_;  // by computed item
  std::vector<const Vec*> results_;
  Row scratch_;
  std::vector<std::vector<NodeId>> nodes_;  // per alias, the column read (scratch)
  std::vector<std::vector<RelRef>> rels_;
  std::vector<Vec> values_;
  std::vector<VecKind> value_kinds_;
};

}  // namespace

BatchOperatorPtr make_batch_alias(BatchOperatorPtr input, const OperatorForm& form, const BatchLayout& in,
                                  std::string text) {
  return std::make_unique<BatchAlias>(std::move(input), form, in, std::move(text));
}

}  // namespace trellis::cypher
