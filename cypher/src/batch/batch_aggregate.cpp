#include <algorithm>
#include <deque>
#include <unordered_map>

#include "batch/batch_operators.hpp"
#include "executor/distinct_keys.hpp"
#include "executor/expression_eval.hpp"
#include "executor/group_index.hpp"
#include "planner/expression_slots.hpp"
#include "trellis/cypher/value/value_compare.hpp"

namespace trellis::cypher {
namespace {

// One grouping key: its expression over the batch, and how its values
// become 64-bit words (a node id, an integer, a string id, or the number
// of a computed text in `texts`).
struct KeyColumn {
  VecExprPtr expr;
  Slot variable = kNoSlot;  // the key is this node variable
  std::size_t item = 0;
  bool by_value = true;     // the item's value is the key's (no planner group key)
  std::unordered_map<std::string, std::uint32_t> text_ids;
  std::deque<std::string> texts;
};

// One aggregate's state for every group, column-wise.
struct AggregateColumn {
  const AggregateCall* call = nullptr;
  VecExprPtr arg;  // null for count(*)
  std::vector<std::int64_t> counts;
  std::vector<std::int64_t> sums;
  std::vector<std::uint8_t> has_best;
  std::vector<std::int64_t> best_ints;
  std::vector<std::string_view> best_strs;
  IdSet distinct;  // (group << 32 | value) for count(DISTINCT)
  std::vector<std::uint64_t> seen_nodes;  // count(DISTINCT node) with no keys: a bit per node
};

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
    default: return false;
  }
}

// Groups by one 64-bit key word (a node id, a string id, an integer):
// linear probing over two flat arrays, grown at half full.
class WordGroups {
 public:
  void clear() {
    keys_.clear();
    groups_.clear();
    count_ = 0;
  }
  // The group of `key`, or `next` recorded as its group (.second true).
  std::pair<std::uint32_t, bool> find_or_insert(std::uint64_t key, std::uint32_t next) {
    if (2 * (count_ + 1) > groups_.size()) grow();
    const std::size_t mask = groups_.size() - 1;
    for (std::size_t at = mix(key) & mask;; at = (at + 1) & mask) {
      if (groups_[at] == kEmpty) {
        keys_[at] = key;
        groups_[at] = next;
        ++count_;
        return {next, true};
      }
      if (keys_[at] == key) return {groups_[at], false};
    }
  }

 private:
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
  static std::size_t mix(std::uint64_t key) {
    key *= 0x9e3779b97f4a7c15ull;
    return static_cast<std::size_t>(key ^ (key >> 32));
  }
  void grow() {
    std::vector<std::uint64_t> old_keys = std::move(keys_);
    std::vector<std::uint32_t> old_groups = std::move(groups_);
    const std::size_t size = std::max<std::size_t>(1024, old_groups.size() * 2);
    keys_.assign(size, 0);
    groups_.assign(size, kEmpty);
    const std::size_t mask = size - 1;
    for (std::size_t i = 0; i < old_groups.size(); ++i) {
      if (old_groups[i] == kEmpty) continue;
      std::size_t at = mix(old_keys[i]) & mask;
      while (groups_[at] != kEmpty) at = (at + 1) & mask;
      keys_[at] = old_keys[i];
      groups_[at] = old_groups[i];
    }
  }

  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> groups_;
  std::size_t count_ = 0;
};

// Aggregation over a batch pipeline: keys and arguments are evaluated per
// batch, each row's group is found by its key words (a flat table indexed
// by node or string id when there is one such key, else a hash table), and
// the aggregates are column-wise accumulators. Groups are written in
// first-seen order, as the row Aggregate writes them. With `keep` (ORDER BY
// ... LIMIT k follows and every sort key is an item), only the groups that
// can be among the first k are written (the Sort after it still orders them).
class BatchAggregate final : public Operator {
 public:
  BatchAggregate(BatchPipeline pipeline, const BoundProjection& projection, std::size_t slot_count, std::string text)
      : projection_(projection), slot_count_(slot_count), text_(std::move(text)), layout_(pipeline.layout),
        rows_(std::move(pipeline.rows)) {
    set_child(std::move(pipeline.top));
    scratch_.slots.resize(slot_count_);
  }

  // The row chain the pipeline was made from (when compile() fails).
  OperatorPtr give_back() { return std::move(rows_); }

  // Compiles the keys and aggregates; false when one has no batched form.
  bool compile() {
    for (std::size_t i = 0; i < projection_.items.size(); ++i) {
      if (projection_.item_has_aggregate[i]) continue;
      const bool planned = i < projection_.group_keys.size() && projection_.group_keys[i];
      const Expr& expr = planned ? *projection_.group_keys[i] : *projection_.items[i].expr;
      KeyColumn key;
      key.expr = compile_vector(expr, layout_.nodes);
      const VecKind kind = key.expr->kind();
      if (kind == VecKind::Any || kind == VecKind::Float) return false;
      if (expr.kind == ExprKind::Variable) key.variable = expr.slot;
      key.item = i;
      key.by_value = !planned;
      keys_.push_back(std::move(key));
    }
    if (keys_.size() > 63) return false;
    for (const auto named : projection_.name_keys) {
      if (named) return false;
    }
    for (const AggregateCall& call : projection_.aggregates) {
      AggregateColumn column;
      column.call = &call;
      if (call.arg) column.arg = compile_vector(*call.arg, layout_.nodes);
      if (!supported(call, column.arg.get())) return false;
      aggregates_.push_back(std::move(column));
    }
    // Items are written from the keys' variables and the aggregates only.
    std::set<Slot> known;
    for (const KeyColumn& key : keys_) {
      if (key.variable != kNoSlot) known.insert(key.variable);
    }
    for (const AggregateCall& call : projection_.aggregates) known.insert(call.slot);
    for (std::size_t i = 0; i < projection_.items.size(); ++i) {
      const Expr& expr = *projection_.items[i].expr;
      if (!subplans(expr).empty()) return false;
      const bool written_from_key = !projection_.item_has_aggregate[i] && key_of(i).by_value;
      if (written_from_key) continue;
      std::set<Slot> reads;
      collect_slots(expr, reads);
      for (const Slot s : reads) {
        if (known.count(s) == 0) return false;
      }
    }
    return true;
  }

  // ORDER BY keys as items: groups that cannot be among the first `keep` are not written.
  void keep_top(const std::vector<SortSpec>& sort, std::size_t keep) {
    if (projection_.distinct) return;
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

  std::string describe() const override {
    std::string out = "BatchAggregate " + text_;
    if (keep_) out += fmt::format(" (writes the groups that can make the top {})", *keep_);
    return out;
  }

 protected:
  void do_open(ExecContext&) override {
    group_count_ = 0;
    index_.clear();
    words_.clear();
    nulls_.clear();
    for (KeyColumn& key : keys_) {
      key.text_ids.clear();
      key.texts.clear();
    }
    for (AggregateColumn& a : aggregates_) {
      a.counts.clear();
      a.sums.clear();
      a.has_best.clear();
      a.best_ints.clear();
      a.best_strs.clear();
      a.distinct = IdSet();
    }
    order_.clear();
    at_ = 0;
    consumed_ = false;
    value_cache_.clear();
  }

  bool do_next(ExecContext& ctx, Row& row) override {
    if (!consumed_) consume(ctx);
    if (at_ >= order_.size()) return false;
    write(ctx, order_[at_++], row);
    return true;
  }

 private:
  const KeyColumn& key_of(std::size_t item) const {
    for (const KeyColumn& key : keys_) {
      if (key.item == item) return key;
    }
    return keys_.front();
  }

  BatchOperator& source() { return *static_cast<BatchOperator*>(mutable_child()); }

  void consume(ExecContext& ctx) {
    consumed_ = true;
    single_.clear();
    null_group_.reset();
    if (keys_.empty()) new_group(ctx);
    for (AggregateColumn& a : aggregates_) {
      a.seen_nodes.clear();
      if (keys_.empty() && a.call->distinct && a.arg && a.arg->kind() == VecKind::Node) {
        a.seen_nodes.assign(ctx.store().node_count() / 64 + 1, 0);
      }
    }
    Batch batch;
    while (source().pull(ctx, batch)) {
      VecInput in{batch, ctx, scratch_};
      key_vecs_.clear();
      for (KeyColumn& key : keys_) key_vecs_.push_back(&key.expr->eval(in));
      groups_.resize(batch.size);
      find_groups(ctx, batch.size);
      for (AggregateColumn& a : aggregates_) accumulate(ctx, a, in, batch);
    }
    choose_written(ctx);
  }

  std::uint64_t key_word(KeyColumn& key, const Vec& vec, std::size_t i) {
    switch (key.expr->kind()) {
      case VecKind::Node: return vec.nodes[i];
      case VecKind::Int:
      case VecKind::Bool: return static_cast<std::uint64_t>(vec.ints[i]);
      case VecKind::Str: {
        if (key.expr->interned()) return vec.ids[i];
        const auto [it, added] = key.text_ids.try_emplace(std::string(vec.strs[i]), static_cast<std::uint32_t>(key.texts.size()));
        if (added) key.texts.push_back(it->first);
        return it->second;
      }
      default: return 0;
    }
  }

  std::size_t new_group(ExecContext& ctx) {
    if (!projection_.clustered) ctx.charge(1);
    for (AggregateColumn& a : aggregates_) {
      a.counts.push_back(0);
      a.sums.push_back(0);
      a.has_best.push_back(0);
      a.best_ints.push_back(0);
      a.best_strs.emplace_back();
    }
    return group_count_++;
  }

  void find_groups(ExecContext& ctx, std::size_t rows) {
    const std::size_t k_count = keys_.size();
    if (k_count == 0) {
      std::fill(groups_.begin(), groups_.begin() + static_cast<std::ptrdiff_t>(rows), 0u);
      return;
    }
    if (k_count == 1) {
      KeyColumn& key = keys_[0];
      const Vec& vec = *key_vecs_[0];
      const bool never_null = key.expr->kind() == VecKind::Node;
      const bool always_null = key.expr->kind() == VecKind::Null;
      for (std::size_t i = 0; i < rows; ++i) {
        if (always_null || (!never_null && vec.nulls[i] != 0)) {
          if (!null_group_) {
            null_group_ = static_cast<std::uint32_t>(new_group(ctx));
            words_.push_back(0);
            nulls_.push_back(1);
          }
          groups_[i] = *null_group_;
          continue;
        }
        const std::uint64_t word = key_word(key, vec, i);
        const auto [g, added] = single_.find_or_insert(word, static_cast<std::uint32_t>(group_count_));
        if (added) {
          new_group(ctx);
          words_.push_back(word);
          nulls_.push_back(0);
        }
        groups_[i] = g;
      }
      return;
    }
    std::vector<std::uint64_t>& row_words = row_words_;
    row_words.resize(k_count);
    for (std::size_t i = 0; i < rows; ++i) {
      std::uint64_t null_mask = 0;
      std::size_t hash = 0x9e3779b97f4a7c15ull;
      for (std::size_t k = 0; k < k_count; ++k) {
        const Vec& vec = *key_vecs_[k];
        const bool null = keys_[k].expr->kind() == VecKind::Null ||
                          (keys_[k].expr->kind() != VecKind::Node && vec.nulls[i] != 0);
        const std::uint64_t word = null ? 0 : key_word(keys_[k], vec, i);
        if (null) null_mask |= std::uint64_t{1} << k;
        row_words[k] = word;
        hash = (hash ^ word) * 0x100000001b3ull + k;
      }
      hash ^= null_mask * 0x9e3779b97f4a7c15ull;
      const auto [g, added] = index_.find_or_insert(hash, group_count_, [&](std::size_t other) {
        if (nulls_[other] != null_mask) return false;
        return std::equal(row_words.begin(), row_words.end(), words_.begin() + static_cast<std::ptrdiff_t>(other * k_count));
      });
      if (added) {
        new_group(ctx);
        words_.insert(words_.end(), row_words.begin(), row_words.end());
        nulls_.push_back(null_mask);
      }
      groups_[i] = static_cast<std::uint32_t>(g);
    }
  }

  void accumulate(ExecContext& ctx, AggregateColumn& a, VecInput& in, const Batch& batch) {
    const AggregateCall& call = *a.call;
    const std::size_t rows = batch.size;
    if (call.kind == AggregateKind::CountStar) {
      for (std::size_t i = 0; i < rows; ++i) a.counts[groups_[i]] += batch.weight(i);
      return;
    }
    const Vec& v = a.arg->eval(in);
    const VecKind kind = a.arg->kind();
    const auto is_null = [&](std::size_t i) {
      if (kind == VecKind::Any) return v.values[i].is_null();
      if (kind == VecKind::Null) return true;
      return kind != VecKind::Node && v.nulls[i] != 0;
    };
    for (std::size_t i = 0; i < rows; ++i) {
      if (is_null(i)) continue;
      const std::uint32_t g = groups_[i];
      std::int64_t weight = batch.weight(i);
      if (!a.seen_nodes.empty()) {
        std::uint64_t& word = a.seen_nodes[v.nodes[i] >> 6];
        const std::uint64_t bit = std::uint64_t{1} << (v.nodes[i] & 63);
        if ((word & bit) != 0) continue;
        word |= bit;
        ctx.charge(1);
        weight = 1;
      } else if (call.distinct) {
        const std::uint64_t value = kind == VecKind::Node ? v.nodes[i] : (kind == VecKind::Str ? v.ids[i] : static_cast<std::uint64_t>(v.ints[i]));
        if (!a.distinct.insert((std::uint64_t{g} << 32) | value)) continue;
        ctx.charge(1);
        weight = 1;
      }
      switch (call.kind) {
        case AggregateKind::Count: a.counts[g] += weight; break;
        case AggregateKind::Sum:
        case AggregateKind::Avg: {
          a.counts[g] += weight;
          std::int64_t product = 0;
          if (__builtin_mul_overflow(v.ints[i], weight, &product) || __builtin_add_overflow(a.sums[g], product, &a.sums[g])) {
            fail(ErrorCode::InvalidArgument, fmt::format("Integer overflow in {}", call.text));
          }
          break;
        }
        case AggregateKind::Min:
        case AggregateKind::Max: {
          const bool min = call.kind == AggregateKind::Min;
          if (kind == VecKind::Int) {
            const std::int64_t x = v.ints[i];
            if (!a.has_best[g] || (min ? x < a.best_ints[g] : x > a.best_ints[g])) a.best_ints[g] = x;
          } else {
            const std::string_view x = v.strs[i];
            if (!a.has_best[g] || (min ? x < a.best_strs[g] : x > a.best_strs[g])) a.best_strs[g] = x;
          }
          a.has_best[g] = 1;
          break;
        }
        default: break;
      }
    }
  }

  Value aggregate_value(const AggregateColumn& a, std::size_t g) const {
    switch (a.call->kind) {
      case AggregateKind::CountStar:
      case AggregateKind::Count: return a.counts[g];
      case AggregateKind::Sum: return a.sums[g];
      case AggregateKind::Avg:
        if (a.counts[g] == 0) return {};
        return static_cast<double>(a.sums[g]) / static_cast<double>(a.counts[g]);
      case AggregateKind::Min:
      case AggregateKind::Max:
        if (!a.has_best[g]) return {};
        if (a.arg->kind() == VecKind::Int) return a.best_ints[g];
        return std::string(a.best_strs[g]);
      default: return {};
    }
  }

  Value key_value(ExecContext& ctx, std::size_t k, std::size_t g) const {
    const KeyColumn& key = keys_[k];
    const std::uint64_t word = words_[g * keys_.size() + k];
    const bool null = ((nulls_[g] >> k) & 1u) != 0;
    if (null || key.expr->kind() == VecKind::Null) return {};
    switch (key.expr->kind()) {
      case VecKind::Node: return NodeRef{static_cast<NodeId>(word)};
      case VecKind::Int: return static_cast<std::int64_t>(word);
      case VecKind::Bool: return word != 0;
      case VecKind::Str:
        if (key.expr->interned()) return std::string(ctx.store().strings().get(static_cast<StringId>(word)));
        return key.texts[word];
      default: return {};
    }
  }

  // Group g as the row the row Aggregate writes: the keys' variables, the
  // aggregates, then every item that is not deferred.
  void write(ExecContext& ctx, std::size_t g, Row& row) {
    row.slots.assign(slot_count_, Value());
    row.weight = 1;
    for (std::size_t k = 0; k < keys_.size(); ++k) {
      if (keys_[k].variable != kNoSlot) row.slots[keys_[k].variable] = key_value(ctx, k, g);
    }
    for (const AggregateColumn& a : aggregates_) row.slots[a.call->slot] = aggregate_value(a, g);
    values_.clear();
    std::size_t k = 0;
    for (std::size_t i = 0; i < projection_.items.size(); ++i) {
      const bool grouping = !projection_.item_has_aggregate[i];
      if (deferred(i)) {
        values_.emplace_back();
      } else if (grouping && keys_[k].by_value) {
        values_.push_back(key_value(ctx, k, g));
      } else {
        values_.push_back(evaluate(*projection_.items[i].expr, row, ctx));
      }
      if (grouping) ++k;
    }
    for (std::size_t i = 0; i < projection_.items.size(); ++i) {
      if (!deferred(i)) row.slots[projection_.items[i].slot] = std::move(values_[i]);
    }
  }
  bool deferred(std::size_t item) const { return item < projection_.deferred.size() && projection_.deferred[item]; }

  // The value sort key j has for group g (what the Sort will read).
  const Value& sort_value(ExecContext& ctx, std::size_t j, std::size_t g) {
    auto& cache = value_cache_[j];
    const auto found = cache.find(g);
    if (found != cache.end()) return found->second;
    const std::size_t item = sort_items_[j];
    Value value;
    if (projection_.item_has_aggregate[item] || !key_of(item).by_value || deferred(item)) {
      write(ctx, g, scratch_);
      value = projection_.items[item].expr->kind == ExprKind::Aggregate
                  ? scratch_.slots[projection_.items[item].expr->slot]
                  : evaluate(*projection_.items[item].expr, scratch_, ctx);
    } else {
      std::size_t k = 0;
      while (keys_[k].item != item) ++k;
      value = key_value(ctx, k, g);
    }
    return cache.emplace(g, std::move(value)).first->second;
  }
  // An item that is a count (or integer sum): compared without a Value.
  const AggregateColumn* count_of(std::size_t item) const {
    const Expr& expr = *projection_.items[item].expr;
    if (expr.kind != ExprKind::Aggregate) return nullptr;
    for (const AggregateColumn& a : aggregates_) {
      const AggregateKind kind = a.call->kind;
      if (a.call->slot == expr.slot && (kind == AggregateKind::CountStar || kind == AggregateKind::Count || kind == AggregateKind::Sum)) {
        return &a;
      }
    }
    return nullptr;
  }

  bool before(ExecContext& ctx, std::size_t a, std::size_t b) {
    for (std::size_t j = 0; j < sort_items_.size(); ++j) {
      int c = 0;
      if (const AggregateColumn* counted = counts_[j]) {
        const std::int64_t x = counted->call->kind == AggregateKind::Sum ? counted->sums[a] : counted->counts[a];
        const std::int64_t y = counted->call->kind == AggregateKind::Sum ? counted->sums[b] : counted->counts[b];
        c = x < y ? -1 : (x > y ? 1 : 0);
      } else {
        c = order_compare(sort_value(ctx, j, a), sort_value(ctx, j, b));
      }
      if (c != 0) return sort_descending_[j] ? c > 0 : c < 0;
    }
    return a < b;
  }

  // The groups to write, in first-seen order: with keep_, the groups the
  // Sort after would keep (the best keep_ by the sort keys, ties to the
  // first seen), found as the Sort finds them (top_rows.hpp).
  void choose_written(ExecContext& ctx) {
    order_.clear();
    if (!keep_ || group_count_ <= *keep_) {
      order_.resize(group_count_);
      for (std::size_t g = 0; g < group_count_; ++g) order_[g] = static_cast<std::uint32_t>(g);
      return;
    }
    const std::size_t keep = *keep_;
    if (keep == 0) return;
    counts_.clear();
    for (const std::size_t item : sort_items_) counts_.push_back(count_of(item));
    value_cache_.assign(sort_items_.size(), {});
    const auto less = [&](std::uint32_t a, std::uint32_t b) { return before(ctx, a, b); };
    std::uint32_t worst = 0;
    for (std::size_t g = 0; g < group_count_; ++g) {
      const auto group = static_cast<std::uint32_t>(g);
      if (order_.size() >= keep && !before(ctx, group, worst)) continue;
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
    std::sort(order_.begin(), order_.end());
  }

  const BoundProjection& projection_;
  std::size_t slot_count_;
  std::string text_;
  BatchLayout layout_;
  OperatorPtr rows_;
  Row scratch_;
  std::vector<KeyColumn> keys_;
  std::vector<AggregateColumn> aggregates_;
  std::vector<const Vec*> key_vecs_;
  std::vector<std::uint32_t> groups_;  // by batch row
  std::vector<std::uint64_t> row_words_;
  std::size_t group_count_ = 0;
  WordGroups single_;                       // the groups by their key word when there is one key
  std::optional<std::uint32_t> null_group_;  // ... and the group of its null
  GroupIndex index_;
  std::vector<std::uint64_t> words_;   // the key words of each group (keys_.size() per group)
  std::vector<std::uint64_t> nulls_;   // which keys are null, per group
  std::vector<Value> values_;
  std::optional<std::size_t> keep_;
  std::vector<std::size_t> sort_items_;
  std::vector<bool> sort_descending_;
  std::vector<const AggregateColumn*> counts_;
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
  // A dry run on the layout first: the chain is only taken when it all compiles.
  OperatorPtr& original = chain;
  auto pipeline = batch_pipeline(original, slot_count, reads);
  if (!pipeline) return nullptr;
  auto aggregate = std::make_unique<BatchAggregate>(std::move(*pipeline), projection, slot_count, std::move(text));
  if (!aggregate->compile()) {
    chain = aggregate->give_back();
    return nullptr;
  }
  if (sort != nullptr && keep) aggregate->keep_top(*sort, *keep);
  return aggregate;
}

void batch_aggregate_keep_top(Operator& aggregate, const std::vector<SortSpec>& sort, std::size_t keep) {
  if (auto* batched = dynamic_cast<BatchAggregate*>(&aggregate)) batched->keep_top(sort, keep);
}

}  // namespace trellis::cypher
