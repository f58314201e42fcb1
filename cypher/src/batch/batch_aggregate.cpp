#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <unordered_map>

#include "batch/batch_operators.hpp"
#include "batch/group_table.hpp"
#include "executor/expression_eval.hpp"
#include "planner/expression_slots.hpp"
#include "trellis/cypher/value/value_compare.hpp"

namespace trellis::cypher {
namespace {

bool supported(const AggregateCall& call, const VecExpr* arg) {
  if (call.kind == AggregateKind::CountStar) return true;
  if (arg == nullptr) return false;
  const VecKind kind = arg->kind();
  switch (call.kind) {
    case AggregateKind::Count:
      if (!call.distinct) return true;
      return kind == VecKind::Node || kind == VecKind::Bool || (kind == VecKind::Str && arg->interned());
    case AggregateKind::Sum:
    case AggregateKind::Avg: return !call.distinct && kind == VecKind::Int;
    case AggregateKind::Min:
    case AggregateKind::Max: return kind == VecKind::Int || (kind == VecKind::Str && arg->interned());
    case AggregateKind::Collect:
      // collect(DISTINCT) keeps (group, value) pairs of one 32-bit value each, as count(DISTINCT).
      if (call.distinct) return kind == VecKind::Node || kind == VecKind::Bool || (kind == VecKind::Str && arg->interned());
      return kind == VecKind::Int || kind == VecKind::Bool || kind == VecKind::Node ||
             (kind == VecKind::Str && arg->interned());
    default: return false;
  }
}

// A key that reads its one variable only through the node's labels
// (labels(n), labels(n)[0], n:Label) or the relationship's type (type(r)):
// it has one value per label (type), so rows are grouped by the label's
// (type's) index, and the key is written from a node (relationship) of it.
struct ShapeKey {
  Slot slot = kNoSlot;
  bool relationship = false;
};

bool reads_shape_only(const Expr& e, ShapeKey& key) {
  const auto take = [&](const Expr& variable, bool relationship) {
    if (variable.kind != ExprKind::Variable) return false;
    if (key.slot != kNoSlot && (key.slot != variable.slot || key.relationship != relationship)) return false;
    key = {variable.slot, relationship};
    return true;
  };
  if (e.kind == ExprKind::Variable || e.kind == ExprKind::Property || e.kind == ExprKind::Aggregate) return false;
  if (e.kind == ExprKind::HasLabels) return take(*e.args[0], false);
  if (e.kind == ExprKind::Function && e.function != nullptr && e.args.size() == 1 &&
      (e.function->name == "labels" || e.function->name == "type") && e.args[0]->kind == ExprKind::Variable) {
    return take(*e.args[0], e.function->name == "type");
  }
  if (!subplans(e).empty()) return false;
  for (const auto& arg : e.args) {
    if (!reads_shape_only(*arg, key)) return false;
  }
  return true;
}

std::optional<ShapeKey> shape_key(const Expr& e, const BatchLayout& layout) {
  ShapeKey key;
  if (!reads_shape_only(e, key) || key.slot == kNoSlot) return std::nullopt;
  const auto& slots = key.relationship ? layout.rels : layout.nodes;
  if (key.slot >= slots.size() || slots[key.slot] == 0) return std::nullopt;
  return key;
}

// The key and argument expressions compiled for one thread (their result
// columns are the thread's own).
struct Evaluators {
  std::vector<VecExprPtr> keys;
  std::vector<VecExprPtr> args;  // null for count(*)
  Row scratch;
  std::vector<const Vec*> key_columns;
  std::vector<const Vec*> arg_columns;

  void evaluate(Batch& batch, ExecContext& ctx) {
    VecInput in{batch, ctx, scratch, batch.live_rows()};
    key_columns.clear();
    for (const auto& key : keys) key_columns.push_back(&key->eval(in));
    arg_columns.clear();
    for (const auto& arg : args) arg_columns.push_back(arg ? &arg->eval(in) : nullptr);
  }
};

// Aggregation over a batch pipeline: keys and arguments are evaluated per
// batch and added to a GroupTable (group_table.hpp). A scan of more than
// two parts' nodes whose expressions all run natively is split into parts
// (CypherOptions::parallel_part_nodes), run by TBB's workers each into its own table, and the
// tables merged; groups keep the order their first rows came in. Groups
// are written in that order, as the row Aggregate writes them. With `keep`
// (ORDER BY ... LIMIT k follows and every sort key is an item), only the
// groups that can be among the first k are written (the Sort after it
// still orders them).
class BatchAggregate final : public Operator {
 public:
  BatchAggregate(BatchPipeline pipeline, const BoundProjection& projection, std::size_t slot_count, std::string text)
      : projection_(projection), slot_count_(slot_count), text_(std::move(text)), pipeline_(std::move(pipeline)) {
    if (pipeline_.top) set_child(std::move(pipeline_.top));
    scratch_.slots.resize(slot_count_);
  }

  // Compiles the keys and aggregates; false when one has no batched form.
  bool compile() {
    Evaluators probe = evaluators();
    // Keys the vector form cannot group (lists, values computed row by
    // row) that read only a label or a type are grouped by its index.
    for (std::size_t i = 0, k = 0; i < projection_.items.size(); ++i) {
      if (projection_.item_has_aggregate[i]) continue;
      const bool planned = i < projection_.group_keys.size() && projection_.group_keys[i];
      const Expr& expr = planned ? *projection_.group_keys[i] : *projection_.items[i].expr;
      const VecExpr& native = *probe.keys[k++];
      const bool groupable = !native.row_by_row() && native.kind() != VecKind::Any && native.kind() != VecKind::Float;
      shape_keys_.push_back(groupable ? std::nullopt : shape_key(expr, pipeline_.layout));
    }
    if (std::any_of(shape_keys_.begin(), shape_keys_.end(), [](const auto& shape) { return shape.has_value(); })) {
      probe = evaluators();
    }
    for (std::size_t i = 0, k = 0; i < projection_.items.size(); ++i) {
      if (projection_.item_has_aggregate[i]) continue;
      const bool planned = i < projection_.group_keys.size() && projection_.group_keys[i];
      const Expr& expr = planned ? *projection_.group_keys[i] : *projection_.items[i].expr;
      const std::optional<ShapeKey>& shape = shape_keys_[k];
      const VecExpr& key = *probe.keys[k++];
      if (key.kind() == VecKind::Any || key.kind() == VecKind::Float) return false;
      key_shapes_.push_back({key.kind(), key.interned()});
      key_variables_.push_back(shape ? shape->slot : (expr.kind == ExprKind::Variable ? expr.slot : kNoSlot));
      key_items_.push_back(i);
      key_by_value_.push_back(!planned && !shape);
      if (key.kind() == VecKind::Str && !key.interned()) parallel_ok_ = false;  // texts numbered per table
    }
    if (key_shapes_.size() > 63) return false;
    for (const auto named : projection_.name_keys) {
      if (named) return false;
    }
    for (std::size_t a = 0; a < projection_.aggregates.size(); ++a) {
      const AggregateCall& call = projection_.aggregates[a];
      const VecExpr* arg = probe.args[a].get();
      if (!supported(call, arg)) return false;
      if (arg != nullptr && arg->row_by_row()) parallel_ok_ = false;
      // A list keeps its rows' order, which parts run in parallel would not.
      if (call.kind == AggregateKind::Collect) parallel_ok_ = false;
      aggregate_shapes_.push_back({&call, arg ? arg->kind() : VecKind::Null});
    }
    // Items are written from the keys' variables and the aggregates only.
    std::set<Slot> known;
    for (const Slot slot : key_variables_) {
      if (slot != kNoSlot) known.insert(slot);
    }
    for (const AggregateCall& call : projection_.aggregates) known.insert(call.slot);
    for (std::size_t i = 0; i < projection_.items.size(); ++i) {
      const Expr& expr = *projection_.items[i].expr;
      if (!subplans(expr).empty()) return false;
      if (!projection_.item_has_aggregate[i] && key_by_value_[key_of(i)]) continue;
      std::set<Slot> reads;
      collect_slots(expr, reads);
      for (const Slot s : reads) {
        if (known.count(s) == 0) return false;
      }
    }
    table_.emplace(key_shapes_, aggregate_shapes_);
    return true;
  }

  // ORDER BY keys as items: groups that cannot be among the first `keep` are not written.
  void keep_top(const std::vector<SortSpec>& sort, std::size_t keep) {
    // DISTINCT after aggregating may merge groups' rows; DISTINCT alone (no
    // aggregates) is the grouping itself.
    if (projection_.distinct && !projection_.aggregates.empty()) return;
    std::vector<std::size_t> items;
    for (const SortSpec& spec : sort) {
      std::optional<std::size_t> found;
      for (std::size_t i = 0; i < projection_.items.size(); ++i) {
        const Slot slot = projection_.items[i].slot;
        if (spec.writes == slot || (spec.expr->kind == ExprKind::Variable && spec.expr->slot == slot)) found = i;
      }
      if (!found) return;
      items.push_back(*found);
    }
    sort_items_ = std::move(items);
    sort_descending_.clear();
    for (const SortSpec& spec : sort) sort_descending_.push_back(spec.descending);
    keep_ = keep;
  }

  // Groups that fail `predicate` (over the items' slots) are not written.
  void filter(ExprPtr predicate) {
    filter_ = std::move(predicate);
    std::set<Slot> reads;
    collect_slots(*filter_, reads);
    // Read only aggregates' results: tested without writing the group's row.
    filter_aggregates_.clear();
    for (const Slot slot : reads) {
      const auto item = std::find_if(projection_.items.begin(), projection_.items.end(),
                                     [&](const ProjectionItem& i) { return i.slot == slot; });
      const auto a = std::find_if(projection_.aggregates.begin(), projection_.aggregates.end(),
                                  [&](const AggregateCall& call) { return item != projection_.items.end() && item->expr->kind == ExprKind::Aggregate && call.slot == item->expr->slot; });
      if (a == projection_.aggregates.end()) {
        filter_aggregates_.clear();
        filter_reads_rows_ = true;
        filter_slots_ = std::move(reads);
        return;
      }
      filter_aggregates_.push_back({static_cast<std::size_t>(a - projection_.aggregates.begin()), slot});
    }
    filter_reads_rows_ = false;
  }

  void any_order() { any_order_ = true; }

  // Items nothing reads after the WITH are not written (batch_aggregate_writes()).
  void writes(const std::vector<bool>& read, const std::vector<bool>& quiet) {
    const std::size_t n = projection_.items.size();
    written_.assign(n, true);
    evaluated_.assign(n, true);
    needed_.assign(slot_count_, 0);
    items_may_fail_ = false;
    for (std::size_t i = 0; i < n; ++i) {
      items_may_fail_ = items_may_fail_ || (!quiet[i] && !deferred(i) && !by_key(i));
      if (read[i] || filter_slots_.count(projection_.items[i].slot) != 0) continue;
      written_[i] = false;
      evaluated_[i] = !quiet[i] && !by_key(i);
    }
    // The slots the items computed from the row read (the keys' variables, the aggregates).
    std::set<Slot> reads;
    for (std::size_t i = 0; i < n; ++i) {
      if ((evaluated_[i] || deferred(i)) && !by_key(i))
        collect_slots(*projection_.items[i].expr, reads);
    }
    for (const Slot slot : reads) {
      if (slot < needed_.size()) needed_[slot] = 1;
    }
  }

  std::string describe() const override {
    std::string out = "BatchAggregate " + text_;
    if (filter_) out += " WHERE " + filter_->text;
    std::vector<std::string> unwritten;
    for (std::size_t i = 0; i < written_.size(); ++i) {
      if (!written_[i]) unwritten.push_back(projection_.items[i].name);
    }
    if (!unwritten.empty()) out += fmt::format(" (does not write {})", fmt::join(unwritten, ", "));
    if (keep_) out += fmt::format(" (writes the groups that can make the top {})", *keep_);
    if (any_order_ && !items_may_fail_) out += " (in any order)";
    return out;
  }

 protected:
  void do_open(ExecContext&) override {
    order_.clear();
    at_ = 0;
    consumed_ = false;
  }

  bool do_next(ExecContext& ctx, Row& row) override {
    if (!consumed_) consume(ctx);
    if (at_ >= order_.size()) return false;
    write(ctx, order_[at_++], row);
    return true;
  }

 private:
  Evaluators evaluators() const {
    Evaluators e;
    for (std::size_t i = 0; i < projection_.items.size(); ++i) {
      if (projection_.item_has_aggregate[i]) continue;
      const bool planned = i < projection_.group_keys.size() && projection_.group_keys[i];
      const std::size_t k = e.keys.size();
      if (k < shape_keys_.size() && shape_keys_[k]) {
        e.keys.push_back(compile_shape_index(shape_keys_[k]->slot, shape_keys_[k]->relationship));
        continue;
      }
      e.keys.push_back(compile_vector(planned ? *projection_.group_keys[i] : *projection_.items[i].expr, pipeline_.layout));
      // Groups are found by a text's id; the written key reads its text by that id.
      if (e.keys.back()) e.keys.back()->ids_only();
    }
    for (const AggregateCall& call : projection_.aggregates) {
      e.args.push_back(call.arg ? compile_vector(*call.arg, pipeline_.layout) : nullptr);
      // count(DISTINCT text) counts ids; count(text) reads only whether each is null; collect(DISTINCT text)
      // keeps ids and reads their texts when it writes the lists.
      if (e.args.back() && (call.kind == AggregateKind::Count || (call.kind == AggregateKind::Collect && call.distinct))) {
        e.args.back()->ids_only();
      }
    }
    e.scratch.slots.resize(slot_count_);
    return e;
  }

  std::size_t key_of(std::size_t item) const {
    return static_cast<std::size_t>(std::find(key_items_.begin(), key_items_.end(), item) - key_items_.begin());
  }

  void consume(ExecContext& ctx) {
    consumed_ = true;
    const GraphStore& store = ctx.store();
    GroupTable& table = *table_;
    table.reset(store.node_count());
    ExecContext* charge = projection_.clustered ? nullptr : &ctx;
    const std::vector<NodeRange> parts =
        parallel_ok_ && !ctx.profile() ? pipeline_.parallel_parts(store, ctx.options().parallel_part_nodes) : std::vector<NodeRange>{};
    ran_parallel_ = !parts.empty();
    if (ran_parallel_) {
      const std::size_t held = ctx.held();
      try {
        consume_parallel(ctx, parts, charge);
      } catch (const RuntimeError&) {
        // A part failed. The error raised must be the one the rows in scan
        // order meet first, whichever part failed first: run them in order.
        ran_parallel_ = false;
        table.reset(store.node_count());
        ctx.release_to(held);
      }
    }
    if (!ran_parallel_) {
      Evaluators e = evaluators();
      auto& source = *static_cast<BatchOperator*>(mutable_child());
      Batch batch;
      std::uint64_t position = 0;
      while (source.pull(ctx, batch)) {
        e.evaluate(batch, ctx);
        table.add(batch, e.key_columns, e.arg_columns, position, charge);
        position += batch.size;
      }
    }
    choose_written(ctx);
  }

  // One task per part of the scan; part p's rows are at positions p << 32
  // onwards, so merged groups keep the scan's order.
  void consume_parallel(ExecContext& ctx, const std::vector<NodeRange>& parts, ExecContext* charge) {
    struct Worker {
      std::optional<GroupTable> table;
      std::optional<Evaluators> evaluators;
      Batch batch;
    };
    tbb::enumerable_thread_specific<Worker> workers;
    const std::size_t node_count = ctx.store().node_count();
    tbb::parallel_for(std::size_t{0}, parts.size(), [&](std::size_t p) {
      Worker& w = workers.local();
      if (!w.table) {
        w.table.emplace(key_shapes_, aggregate_shapes_);
        w.table->reset(node_count);
        w.evaluators.emplace(evaluators());
      }
      BatchOperatorPtr source = pipeline_.instantiate(std::vector<NodeRange>{parts[p]});
      source->open(ctx);
      std::uint64_t position = std::uint64_t{p} << 32;
      while (source->pull(ctx, w.batch)) {
        w.evaluators->evaluate(w.batch, ctx);
        w.table->add(w.batch, w.evaluators->key_columns, w.evaluators->arg_columns, position, nullptr);
        position += w.batch.size;
      }
    });
    // The first worker's table becomes the result and the others are
    // merged into it (with no keys each holds the one group; merging adds
    // its aggregates).
    bool first = true;
    for (Worker& w : workers) {
      if (!w.table) continue;
      if (first) {
        table_ = std::move(w.table);
        if (charge != nullptr) {
          charge->charge(table_->size());
          table_->charge_held(*charge);
        }
        first = false;
      } else {
        table_->merge(*w.table, charge);
      }
    }
  }

  // Group g as the row the row Aggregate writes: the keys' variables, the
  // aggregates, then every item that is not deferred.
  void write(ExecContext& ctx, std::size_t g, Row& row) {
    const GroupTable& table = *table_;
    row.slots.assign(slot_count_, Value());
    row.weight = 1;
    for (std::size_t k = 0; k < key_variables_.size(); ++k) {
      if (key_variables_[k] == kNoSlot || !needed(key_variables_[k])) continue;
      if (const auto& shape = shape_keys_[k]) {
        // A node (relationship) of the group's label (type) stands for its rows.
        const std::uint64_t index = table.key_word(k, g);
        if (shape->relationship) {
          RelRef rel;
          rel.type = static_cast<RelType>(index);
          row.slots[key_variables_[k]] = rel;
        } else {
          row.slots[key_variables_[k]] = NodeRef{ctx.store().nodes(static_cast<Label>(index)).begin};
        }
        continue;
      }
      row.slots[key_variables_[k]] = table.key_value(ctx.store(), k, g);
    }
    for (std::size_t a = 0; a < projection_.aggregates.size(); ++a) {
      if (needed(projection_.aggregates[a].slot))
        row.slots[projection_.aggregates[a].slot] = table.aggregate_value(ctx.store(), a, g);
    }
    values_.clear();
    std::size_t k = 0;
    for (std::size_t i = 0; i < projection_.items.size(); ++i) {
      const bool grouping = !projection_.item_has_aggregate[i];
      if (deferred(i) || !written(i)) {
        // An unwritten item that may fail is still evaluated (a key's value was, when grouping).
        if (!deferred(i) && evaluated_[i] && !(grouping && key_by_value_[k]))
          evaluate(*projection_.items[i].expr, row, ctx);
        values_.emplace_back();
      } else if (grouping && key_by_value_[k]) {
        values_.push_back(table.key_value(ctx.store(), k, g));
      } else {
        values_.push_back(evaluate(*projection_.items[i].expr, row, ctx));
      }
      if (grouping) ++k;
    }
    for (std::size_t i = 0; i < projection_.items.size(); ++i) {
      if (!deferred(i) && written(i)) row.slots[projection_.items[i].slot] = std::move(values_[i]);
    }
  }
  bool deferred(std::size_t item) const { return item < projection_.deferred.size() && projection_.deferred[item]; }
  bool written(std::size_t item) const { return written_.empty() || written_[item]; }
  bool needed(Slot slot) const { return needed_.empty() || needed_[slot] != 0; }
  // Whether item i is a grouping key whose value is its key's (written off the table, evaluated
  // when grouping).
  bool by_key(std::size_t item) const {
    return !projection_.item_has_aggregate[item] && key_by_value_[key_of(item)];
  }

  // The value sort key j has for group g (what the Sort will read).
  const Value& sort_value(ExecContext& ctx, std::size_t j, std::size_t g) {
    auto& cache = value_cache_[j];
    const auto found = cache.find(g);
    if (found != cache.end()) return found->second;
    const std::size_t item = sort_items_[j];
    Value value;
    if (projection_.item_has_aggregate[item] || !key_by_value_[key_of(item)] || deferred(item)) {
      write(ctx, g, scratch_);
      value = projection_.items[item].expr->kind == ExprKind::Aggregate
                  ? scratch_.slots[projection_.items[item].expr->slot]
                  : evaluate(*projection_.items[item].expr, scratch_, ctx);
    } else {
      value = table_->key_value(ctx.store(), key_of(item), g);
    }
    return cache.emplace(g, std::move(value)).first->second;
  }
  // The aggregate an item is when its results are integers (a count, a
  // sum, min or max of integers): compared without a Value.
  std::optional<std::size_t> counted(std::size_t item) const {
    const Expr& expr = *projection_.items[item].expr;
    if (expr.kind != ExprKind::Aggregate) return std::nullopt;
    for (std::size_t a = 0; a < projection_.aggregates.size(); ++a) {
      if (projection_.aggregates[a].slot == expr.slot && table_->integer_column(a).values != nullptr) return a;
    }
    return std::nullopt;
  }

  // The key an item is when its value is the key's and compares off its
  // word (an integer, or a text by its id's text): no Value is built.
  std::optional<std::size_t> word_key(std::size_t item) const {
    if (projection_.item_has_aggregate[item] || deferred(item)) return std::nullopt;
    const std::size_t k = key_of(item);
    if (!key_by_value_[k]) return std::nullopt;
    const KeyShape& shape = table_->key_shape(k);
    if (shape.kind == VecKind::Int || (shape.kind == VecKind::Str && shape.interned)) return k;
    return std::nullopt;
  }
  // order_compare of two groups' non-null key k.
  int compare_words(ExecContext& ctx, std::size_t k, std::size_t a, std::size_t b) const {
    const std::uint64_t x = table_->key_word(k, a);
    const std::uint64_t y = table_->key_word(k, b);
    if (table_->key_shape(k).kind == VecKind::Int) {
      const auto i = static_cast<std::int64_t>(x);
      const auto j = static_cast<std::int64_t>(y);
      return i < j ? -1 : (i > j ? 1 : 0);
    }
    if (x == y) return 0;
    const StringTable& strings = ctx.store().strings();
    const int c = strings.get(static_cast<StringId>(x)).compare(strings.get(static_cast<StringId>(y)));
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
  }

  bool before(ExecContext& ctx, std::size_t a, std::size_t b) {
    for (std::size_t j = 0; j < sort_items_.size(); ++j) {
      int c = 0;
      const auto aggregate = counts_[j];
      const auto x = aggregate ? table_->integer_result(*aggregate, a) : std::nullopt;
      const auto y = aggregate ? table_->integer_result(*aggregate, b) : std::nullopt;
      if (x && y) {
        c = *x < *y ? -1 : (*x > *y ? 1 : 0);
      } else if (const auto key = word_keys_[j]; key && !table_->key_null(*key, a) && !table_->key_null(*key, b)) {
        c = compare_words(ctx, *key, a, b);
      } else {
        c = order_compare(sort_value(ctx, j, a), sort_value(ctx, j, b));
      }
      if (c != 0) return sort_descending_[j] ? c > 0 : c < 0;
    }
    return table_->first_seen(a) < table_->first_seen(b);
  }

  // Whether group g passes the filter (true, not false or null). The row
  // Aggregate makes the group's row before the Filter tests it: items that
  // may fail are evaluated first, so the error is the row executor's.
  bool passes(ExecContext& ctx, std::uint32_t g) {
    if (filter_reads_rows_ || items_may_fail_) write(ctx, g, scratch_);
    if (!filter_reads_rows_) {
      for (const auto& [a, slot] : filter_aggregates_) scratch_.slots[slot] = table_->aggregate_value(ctx.store(), a, g);
    }
    return is_true(*filter_, scratch_, ctx);
  }

  // The groups to write, in first-seen order: with keep_, the groups the
  // Sort after would keep (the best keep_ by the sort keys, ties to the
  // first seen), found as the Sort finds them (top_rows.hpp).
  void choose_written(ExecContext& ctx) {
    const std::size_t count = table_->size();
    const auto first_seen = [&](std::uint32_t a, std::uint32_t b) { return table_->first_seen(a) < table_->first_seen(b); };
    // A parallel run's groups come part by part: put back in first-seen order unless no order
    // matters.
    const bool reorder = ran_parallel_ && !(any_order_ && !items_may_fail_ && !keep_);
    std::vector<std::uint32_t> seen(count);
    for (std::size_t g = 0; g < count; ++g) seen[g] = static_cast<std::uint32_t>(g);
    order_.clear();
    if (filter_) {
      // In first-seen order, so the first group the predicate fails on is the row Filter's.
      if (reorder) std::sort(seen.begin(), seen.end(), first_seen);
      std::erase_if(seen, [&](std::uint32_t g) { return !passes(ctx, g); });
    }
    if (!keep_ || count <= *keep_) {
      // Run in one pass, groups are numbered in first-seen order already.
      if (reorder && !filter_) std::sort(seen.begin(), seen.end(), first_seen);
      order_ = std::move(seen);
      return;
    }
    const std::size_t keep = *keep_;
    if (keep == 0) return;
    counts_.clear();
    word_keys_.clear();
    for (const std::size_t item : sort_items_) {
      counts_.push_back(counted(item));
      word_keys_.push_back(word_key(item));
    }
    value_cache_.assign(sort_items_.size(), {});
    const auto less = [&](std::uint32_t a, std::uint32_t b) { return before(ctx, a, b); };
    // A first sort key that is a count (or integer sum) rules most groups
    // out by one comparison of integers read off its column.
    const GroupTable::IntegerColumn lead = counts_[0] ? table_->integer_column(*counts_[0]) : GroupTable::IntegerColumn{};
    const auto present = [&](std::uint32_t g) { return lead.present == nullptr || lead.present[g] != 0; };
    const bool lead_descending = sort_descending_[0];
    std::uint32_t worst = 0;
    for (const std::uint32_t group : seen) {
      if (order_.size() >= keep) {
        if (lead.values != nullptr && lead.values[group] != lead.values[worst] && present(group) && present(worst)) {
          if ((lead.values[group] < lead.values[worst]) == lead_descending) continue;
        } else if (!before(ctx, group, worst)) {
          continue;
        }
      }
      order_.push_back(group);
      if (order_.size() >= 2 * keep) {
        std::nth_element(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(keep), order_.end(), less);
        order_.resize(keep);
      }
      if (order_.size() == keep) worst = *std::max_element(order_.begin(), order_.end(), less);
    }
    if (order_.size() > keep) {
      std::nth_element(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(keep), order_.end(), less);
      order_.resize(keep);
    }
    // The choice does not depend on the order groups are offered in (ties
    // go to the first seen), so only the kept ones are put in that order.
    std::sort(order_.begin(), order_.end(), first_seen);
  }

  const BoundProjection& projection_;
  std::size_t slot_count_;
  std::string text_;
  BatchPipeline pipeline_;
  Row scratch_;
  std::vector<KeyShape> key_shapes_;
  std::vector<Slot> key_variables_;  // by key: the node variable it is, or kNoSlot
  std::vector<std::size_t> key_items_;
  std::vector<bool> key_by_value_;   // by key: the item's value is the key's
  std::vector<std::optional<ShapeKey>> shape_keys_;  // by key: grouped by a label's or type's index
  std::vector<AggregateShape> aggregate_shapes_;
  bool parallel_ok_ = true;
  bool ran_parallel_ = false;
  std::optional<GroupTable> table_;
  std::vector<Value> values_;
  std::optional<std::size_t> keep_;
  ExprPtr filter_;                                                 // a WITH's WHERE over the groups
  std::vector<std::pair<std::size_t, Slot>> filter_aggregates_;   // what it reads: aggregate, its slot
  bool filter_reads_rows_ = false;                                 // ... or the whole row
  std::set<Slot> filter_slots_;                                    // the items' slots it then reads
  // By item: its value is written into the rows (empty: every item), and
  // it is evaluated at all; by slot: the items computed from the row read it.
  std::vector<bool> written_;
  std::vector<bool> evaluated_;
  std::vector<char> needed_;
  bool items_may_fail_ = false;  // some item computed from the row may fail (writes())
  bool any_order_ = false;       // the rows' order does not matter (batch_aggregate_any_order())
  std::vector<std::size_t> sort_items_;
  std::vector<bool> sort_descending_;
  std::vector<std::optional<std::size_t>> counts_;
  std::vector<std::optional<std::size_t>> word_keys_;  // by sort key: the group key it compares off (word_key())
  std::vector<std::unordered_map<std::size_t, Value>> value_cache_;
  std::vector<std::uint32_t> order_;
  std::size_t at_ = 0;
  bool consumed_ = false;
};

}  // namespace

OperatorPtr make_batch_aggregate(OperatorPtr& chain, const BoundProjection& projection, std::size_t slot_count,
                                 std::string text, const std::vector<SortSpec>* sort, std::optional<std::size_t> keep) {
  // What the aggregation reads: the keys, the arguments, and the slots the items read.
  std::set<Slot> reads;
  for (std::size_t i = 0; i < projection.items.size(); ++i) {
    if (projection.item_has_aggregate[i]) continue;
    const bool planned = i < projection.group_keys.size() && projection.group_keys[i];
    collect_slots(planned ? *projection.group_keys[i] : *projection.items[i].expr, reads);
  }
  for (const AggregateCall& call : projection.aggregates) {
    if (call.arg) collect_slots(*call.arg, reads);
  }
  // A dry run first: the chain is only taken when the keys and aggregates compile on its layout.
  auto layout = batch_pipeline(chain, slot_count, reads, false);
  if (!layout) return nullptr;
  auto probe = std::make_unique<BatchAggregate>(std::move(*layout), projection, slot_count, text);
  if (!probe->compile()) return nullptr;
  auto pipeline = batch_pipeline(chain, slot_count, reads);
  auto aggregate = std::make_unique<BatchAggregate>(std::move(*pipeline), projection, slot_count, std::move(text));
  aggregate->compile();
  if (sort != nullptr && keep) aggregate->keep_top(*sort, *keep);
  return aggregate;
}

void batch_aggregate_keep_top(Operator& aggregate, const std::vector<SortSpec>& sort, std::size_t keep) {
  if (auto* batched = dynamic_cast<BatchAggregate*>(&aggregate)) batched->keep_top(sort, keep);
}

void batch_aggregate_any_order(Operator& aggregate) {
  if (auto* batched = dynamic_cast<BatchAggregate*>(&aggregate)) batched->any_order();
}

void batch_aggregate_writes(Operator& aggregate, const std::vector<bool>& read,
                            const std::vector<bool>& quiet) {
  if (auto* batched = dynamic_cast<BatchAggregate*>(&aggregate)) batched->writes(read, quiet);
}

bool batch_aggregate_filter(Operator& aggregate, ExprPtr& predicate) {
  auto* batched = dynamic_cast<BatchAggregate*>(&aggregate);
  if (batched == nullptr || !subplans(*predicate).empty()) return false;  // pattern predicates run as subplans
  batched->filter(std::move(predicate));
  return true;
}

}  // namespace trellis::cypher
