#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <queue>

#include "batch/batch_operators.hpp"
#include "executor/expression_eval.hpp"
#include "executor/top_rows.hpp"
#include "planner/expression_slots.hpp"

namespace trellis::cypher {
namespace {

// The rows a worker of a parallel top k keeps for the final choice: their
// columns and their positions in the scan's order (part p's at p << 32).
struct Candidates {
  std::vector<std::uint64_t> positions;
  std::vector<std::vector<NodeId>> nodes;  // by slot
  std::vector<std::vector<RelRef>> rels;   // by slot
  std::vector<std::vector<Value>> values;  // by slot: a WITH's computed values
  std::vector<std::int64_t> weights;

  void add(const Batch& batch, std::size_t row, std::uint64_t position) {
    if (nodes.size() != batch.nodes.size()) {
      nodes.resize(batch.nodes.size());
      rels.resize(batch.rels.size());
      values.resize(batch.values.size());
    }
    positions.push_back(position);
    for (std::size_t s = 0; s < batch.nodes.size(); ++s) {
      if (batch.has_node[s]) nodes[s].push_back(batch.nodes[s][row]);
      if (batch.has_rel[s]) rels[s].push_back(batch.rels[s][row]);
      if (batch.has_value[s]) values[s].push_back(vec_value(batch.values[s], batch.value_kinds[s], row));
    }
    weights.push_back(batch.weight(row));
  }
  // Candidate i's columns written into `out`'s slots.
  void write_row(std::size_t i, Row& out) const {
    for (std::size_t s = 0; s < nodes.size(); ++s) {
      if (!nodes[s].empty()) out.slots[s] = NodeRef{nodes[s][i]};
      if (!rels[s].empty()) out.slots[s] = rels[s][i];
      if (!values[s].empty()) out.slots[s] = values[s][i];
    }
    out.weight = weights[i];
  }
};

// The k best integer first keys a worker has seen: a row whose key is
// worse than the worst of them cannot be among the k best overall (k rows
// at least as good come before it whatever its other keys).
class KeyBound {
 public:
  KeyBound(std::size_t keep, bool descending) : keep_(keep), descending_(descending) {}
  // Whether a row with key `key` may still make the top k; if so it is counted.
  bool admit(std::int64_t key) {
    if (keep_ == 0) return false;
    const auto worse_on_top = [this](std::int64_t x, std::int64_t y) { return descending_ ? x > y : x < y; };
    if (best_.size() < keep_) {
      best_.push_back(key);
      std::push_heap(best_.begin(), best_.end(), worse_on_top);
      return true;
    }
    if (loses(key, best_.front())) return false;
    std::pop_heap(best_.begin(), best_.end(), worse_on_top);
    best_.back() = key;
    std::push_heap(best_.begin(), best_.end(), worse_on_top);
    return true;
  }
  // The worst key held once k are (rows strictly worse lose).
  std::optional<std::int64_t> worst() const {
    if (keep_ == 0 || best_.size() < keep_) return std::nullopt;
    return best_.front();
  }
  bool loses(std::int64_t key, std::int64_t worst) const { return descending_ ? key < worst : key > worst; }

 private:
  std::size_t keep_;
  bool descending_;
  std::vector<std::int64_t> best_;  // a heap, the worst first
};

// Project + ORDER BY ... LIMIT k over a batch pipeline: the first sort key
// is evaluated over each batch, and a row whose first key comes after the
// worst of the k rows held is dropped there; the others are projected and
// offered to the top k as the Sort does (top_rows.hpp), so the rows, their
// order and their ties are the Sort's. Over a scan of more than two parts
// with an integer first key, TBB's workers run the parts, each dropping
// the rows its own k best first keys rule out; the rows left are offered
// in the scan's order by this thread.
class BatchTop final : public Operator {
 public:
  // `owned`: `first_expr` when the first key was rewritten for the batch (else null).
  BatchTop(BatchPipeline pipeline, std::vector<ProjectItem> items, std::vector<SortSpec> keys, std::size_t keep,
           std::size_t slot_count, std::string text, const Expr& first_expr, ExprPtr owned, VecExprPtr first)
      : items_(std::move(items)), keys_(std::move(keys)), keep_(keep), slot_count_(slot_count), text_(std::move(text)),
        pipeline_(std::move(pipeline)), owned_first_(std::move(owned)), first_expr_(first_expr), first_(std::move(first)),
        top_(keys_, keep_) {
    set_child(std::move(pipeline_.top));
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
    const std::vector<NodeRange> parts = first_->kind() == VecKind::Int && !ctx.profile()
                                             ? pipeline_.parallel_parts(ctx.store(), ctx.options().parallel_part_nodes)
                                             : std::vector<NodeRange>{};
    bool done = false;
    if (!parts.empty()) {
      const std::size_t held = ctx.held();
      try {
        consume_parallel(ctx, parts);
        done = true;
      } catch (const RuntimeError&) {
        // A part failed: the error raised must be the first the rows meet in scan order, so they run in order.
        top_.clear();
        ctx.release_to(held);
      }
    }
    if (!done) {
      Batch batch;
      auto& source = *static_cast<BatchOperator*>(mutable_child());
      while (source.pull(ctx, batch)) offer_batch(ctx, batch);
    }
    top_.finish();
  }

  void offer_batch(ExecContext& ctx, const Batch& batch) {
    VecInput in{batch, ctx, scratch_, batch.live_rows()};
    const Vec& first = first_->eval(in);
    const bool integers = first_->kind() == VecKind::Int;
    const std::uint32_t* rows = batch.selected ? batch.selection.data() : nullptr;
    const std::size_t live = batch.live();
    const auto row_at = [&](std::size_t k) -> std::size_t { return rows != nullptr ? rows[k] : k; };
    for (std::size_t k = 0; k < live; ++k) {
      if (const Value* worst = top_.worst_first_key()) {
        if (integers && worst->kind() == ValueKind::Int) {
          // Skip the rows whose integer key loses to the worst held, in one loop.
          const std::int64_t w = worst->as_int();
          const bool descending = top_.loses_on_first_key(-1);  // smaller loses: descending
          while (k < live) {
            const std::size_t i = row_at(k);
            if (first.nulls[i] != 0 || !(descending ? first.ints[i] < w : first.ints[i] > w)) break;
            ++k;
          }
          if (k == live) break;
        }
        if (top_.loses_on_first_key(vec_order_compare(first, first_->kind(), row_at(k), *worst))) continue;
      }
      row_.slots.assign(slot_count_, Value());
      batch.write_row(row_at(k), row_);
      offer_row(ctx);
    }
  }

  // Projects row_ and offers it to the top k.
  void offer_row(ExecContext& ctx) {
    values_.clear();
    for (const ProjectItem& item : items_) values_.push_back(evaluate(*item.expr, row_, ctx));
    for (std::size_t j = 0; j < items_.size(); ++j) row_.slots[items_[j].slot] = std::move(values_[j]);
    top_.offer(ctx, row_);
  }

  void consume_parallel(ExecContext& ctx, const std::vector<NodeRange>& parts) {
    struct Worker {
      VecExprPtr first;
      Batch batch;
      Row scratch;
      std::optional<KeyBound> bound;
      Candidates kept;
    };
    tbb::enumerable_thread_specific<Worker> workers;
    const bool descending = keys_[0].descending;
    tbb::parallel_for(std::size_t{0}, parts.size(), [&](std::size_t p) {
      Worker& w = workers.local();
      if (!w.first) {
        w.first = compile_vector(first_expr_, pipeline_.layout);
        w.scratch.slots.resize(slot_count_);
        w.bound.emplace(keep_, descending);
      }
      BatchOperatorPtr source = pipeline_.instantiate(std::vector<NodeRange>{parts[p]});
      source->open(ctx);
      std::uint64_t position = std::uint64_t{p} << 32;
      while (source->pull(ctx, w.batch)) {
        const Batch& batch = w.batch;
        VecInput in{batch, ctx, w.scratch, batch.live_rows()};
        const Vec& first = w.first->eval(in);
        const std::uint8_t* nulls = first.nulls.data();
        const std::int64_t* ints = first.ints.data();
        const std::uint32_t* rows = batch.selected ? batch.selection.data() : nullptr;
        const std::size_t live = batch.live();
        for (std::size_t k = 0; k < live; ++k) {
          std::size_t i = rows != nullptr ? rows[k] : k;
          if (const auto worst = w.bound->worst()) {
            // Rows whose key loses to the worst of this worker's k best, in one loop.
            const std::int64_t bound = *worst;
            while (nulls[i] == 0 && (descending ? ints[i] < bound : ints[i] > bound)) {
              if (++k == live) break;
              i = rows != nullptr ? rows[k] : k;
            }
            if (k == live) break;
          }
          // A null key is kept without counting (it sorts first descending, last ascending).
          if (nulls[i] == 0 && !w.bound->admit(ints[i])) continue;
          w.kept.add(batch, i, position + i);
        }
        position += batch.size;
      }
    });
    // The rows kept, offered in the scan's order (ties go to the first offered).
    std::vector<std::pair<std::uint64_t, std::pair<const Candidates*, std::size_t>>> order;
    for (const Worker& w : workers) {
      for (std::size_t i = 0; i < w.kept.positions.size(); ++i) order.push_back({w.kept.positions[i], {&w.kept, i}});
    }
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [position, at] : order) {
      row_.slots.assign(slot_count_, Value());
      at.first->write_row(at.second, row_);
      offer_row(ctx);
    }
  }

  std::vector<ProjectItem> items_;
  std::vector<SortSpec> keys_;
  std::size_t keep_;
  std::size_t slot_count_;
  std::string text_;
  BatchPipeline pipeline_;
  ExprPtr owned_first_;
  const Expr& first_expr_;
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
  std::map<Slot, Slot> passed;  // items that pass a variable through: the variable's slot
  for (const ProjectItem& item : items) {
    item_slots.insert(item.slot);
    if (item.expr->kind == ExprKind::Variable) passed[item.slot] = item.expr->slot;
  }
  std::set<Slot> reads;
  collect_slots(*first, reads);
  ExprPtr owned;
  if (first == keys[0].expr) {
    bool renames = false;
    for (const Slot s : reads) {
      if (item_slots.count(s) == 0) continue;
      if (passed.count(s) == 0) return nullptr;  // the key reads an item's value: not a column
      renames = true;
    }
    // A key over items that pass a variable through (`RETURN f ORDER BY
    // f.line_start`) reads the variable's column instead.
    if (renames) {
      owned = copy_renaming_slots(*first, passed);
      if (!owned) return nullptr;
      first = owned.get();
      reads.clear();
      collect_slots(*first, reads);
    }
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
  VecExprPtr vector = compile_vector(*first, layout->layout);
  if (vector->row_by_row()) return nullptr;
  auto pipeline = batch_pipeline(chain, slot_count, reads);
  return std::make_unique<BatchTop>(std::move(*pipeline), std::move(items), std::move(keys), keep, slot_count,
                                    std::move(text), *first, std::move(owned), std::move(vector));
}

}  // namespace trellis::cypher
