#include "batch/batch_operators.hpp"
#include "executor/expression_eval.hpp"
#include "executor/top_rows.hpp"
#include "planner/expression_slots.hpp"

namespace trellis::cypher {
namespace {

// Project + ORDER BY ... LIMIT k over a batch pipeline: the first sort key
// is evaluated over each batch, and a row whose first key comes after the
// worst of the k rows held is dropped there; the others are projected and
// offered to the top k as the Sort does (top_rows.hpp), so the rows, their
// order and their ties are the Sort's.
class BatchTop final : public Operator {
 public:
  BatchTop(BatchPipeline pipeline, std::vector<ProjectItem> items, std::vector<SortSpec> keys, std::size_t keep,
           std::size_t slot_count, std::string text, VecExprPtr first)
      : items_(std::move(items)), keys_(std::move(keys)), keep_(keep), slot_count_(slot_count), text_(std::move(text)),
        rows_(std::move(pipeline.rows)), first_(std::move(first)), top_(keys_, keep_) {
    set_child(std::move(pipeline.top));
    row_.slots.resize(slot_count_);
    scratch_.slots.resize(slot_count_);
  }
  std::string describe() const override { return fmt::format("BatchTop {} by {}", keep_, text_); }
  std::vector<const Operator*> extra_children() const override {
    std::vector<const Operator*> out;
    for (const ProjectItem& item : items_) add_subplans(*item.expr, out);
    for (const SortSpec& key : keys_) add_subplans(*key.expr, out);
    return out;
  }

 protected:
  void do_open(ExecContext&) override {
    top_.clear();
    consumed_ = false;
    at_ = 0;
  }
  bool do_next(ExecContext& ctx, Row& row) override {
    if (!consumed_) consume(ctx);
    if (at_ >= top_.size()) return false;
    top_.take(at_++, row);
    return true;
  }

 private:
  void consume(ExecContext& ctx) {
    consumed_ = true;
    if (top_.keeps_none()) return;
    Batch batch;
    auto& source = *static_cast<BatchOperator*>(mutable_child());
    while (source.pull(ctx, batch)) {
      VecInput in{batch, ctx, scratch_};
      const Vec& first = first_->eval(in);
      const bool integers = first_->kind() == VecKind::Int;
      for (std::size_t i = 0; i < batch.size; ++i) {
        if (const Value* worst = top_.worst_first_key()) {
          if (integers && worst->kind() == ValueKind::Int) {
            // Skip the rows whose integer key loses to the worst held, in one loop.
            const std::int64_t w = worst->as_int();
            const bool descending = top_.loses_on_first_key(-1);  // smaller loses: descending
            while (i < batch.size && first.nulls[i] == 0 && (descending ? first.ints[i] < w : first.ints[i] > w)) ++i;
            if (i == batch.size) break;
          }
          if (top_.loses_on_first_key(vec_order_compare(first, first_->kind(), i, *worst))) continue;
        }
        row_.slots.assign(slot_count_, Value());
        batch.write_row(i, row_);
        values_.clear();
        for (const ProjectItem& item : items_) values_.push_back(evaluate(*item.expr, row_, ctx));
        for (std::size_t j = 0; j < items_.size(); ++j) row_.slots[items_[j].slot] = std::move(values_[j]);
        top_.offer(ctx, row_);
      }
    }
    top_.finish();
  }

  std::vector<ProjectItem> items_;
  std::vector<SortSpec> keys_;
  std::size_t keep_;
  std::size_t slot_count_;
  std::string text_;
  OperatorPtr rows_;
  VecExprPtr first_;
  TopRows top_;
  Row row_;
  Row scratch_;
  std::vector<Value> values_;
  bool consumed_ = false;
  std::size_t at_ = 0;
};

}  // namespace

OperatorPtr make_batch_top(OperatorPtr& chain, std::vector<ProjectItem> items, std::vector<SortSpec> keys,
                           std::size_t keep, std::size_t slot_count, std::string text) {
  if (keys.empty()) return nullptr;
  // The first key over the pipeline's columns: an item's expression when
  // the key is that item (or the item left to the sort), else the key.
  const Expr* first = keys[0].expr;
  if (keys[0].writes == kNoSlot && first->kind == ExprKind::Variable) {
    for (const ProjectItem& item : items) {
      if (item.slot == first->slot) first = item.expr;
    }
  }
  std::set<Slot> item_slots;
  for (const ProjectItem& item : items) item_slots.insert(item.slot);
  std::set<Slot> reads;
  collect_slots(*first, reads);
  for (const Slot s : reads) {
    if (first != keys[0].expr || item_slots.count(s) == 0) continue;
    return nullptr;  // the key reads an item's value: not a column
  }
  // Everything the rows offered to the top k read comes off the batch.
  for (const ProjectItem& item : items) collect_slots(*item.expr, reads);
  for (const SortSpec& key : keys) {
    std::set<Slot> key_reads;
    collect_slots(*key.expr, key_reads);
    for (const Slot s : key_reads) {
      if (item_slots.count(s) == 0) reads.insert(s);
    }
  }
  const auto layout = batch_pipeline(chain, slot_count, reads, false);
  if (!layout) return nullptr;
  VecExprPtr vector = compile_vector(*first, layout->layout.nodes);
  if (vector->row_by_row()) return nullptr;
  auto pipeline = batch_pipeline(chain, slot_count, reads);
  return std::make_unique<BatchTop>(std::move(*pipeline), std::move(items), std::move(keys), keep, slot_count,
                                    std::move(text), std::move(vector));
}

}  // namespace trellis::cypher
