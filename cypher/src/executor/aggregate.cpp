#include <algorithm>
#include <set>

#include "executor/expression_eval.hpp"
#include "executor/operators.hpp"
#include "executor/distinct_keys.hpp"
#include "executor/group_index.hpp"
#include "executor/interned_key.hpp"
#include "executor/value_hash.hpp"
#include "planner/expression_slots.hpp"

namespace trellis::cypher {
namespace {

// One aggregate function's running state for one group.
struct Accumulator {
  std::int64_t count = 0;
  bool is_float = false;
  std::int64_t int_sum = 0;
  double float_sum = 0;
  Value best;
  ValueList items;
  std::unique_ptr<DistinctValues> seen;  // DISTINCT only: made on first use, so a fresh accumulator costs nothing
};

void add(const AggregateCall& call, Accumulator& acc, const Value& value, std::int64_t weight, ExecContext& ctx) {
  if (call.kind == AggregateKind::CountStar) {
    acc.count += weight;
    return;
  }
  if (value.is_null()) return;
  if (call.distinct) {
    if (!acc.seen) acc.seen = std::make_unique<DistinctValues>();
    if (!acc.seen->insert(value)) return;
    ctx.charge(1);
    weight = 1;
  }
  switch (call.kind) {
    case AggregateKind::Count: acc.count += weight; return;
    case AggregateKind::Collect:
      ctx.charge(static_cast<std::size_t>(weight));
      for (std::int64_t i = 0; i < weight; ++i) acc.items.push_back(value);
      return;
    case AggregateKind::Sum:
    case AggregateKind::Avg: {
      if (!value.is_number()) {
        fail(ErrorCode::InvalidArgument, fmt::format("{} expects numbers but got {}", call.text, to_string(value.kind())));
      }
      acc.count += weight;
      if (value.kind() == ValueKind::Float || acc.is_float) {
        if (!acc.is_float) {
          acc.float_sum = static_cast<double>(acc.int_sum);
          acc.is_float = true;
        }
        acc.float_sum += value.as_number() * static_cast<double>(weight);
      } else {
        std::int64_t product = 0;
        if (__builtin_mul_overflow(value.as_int(), weight, &product) ||
            __builtin_add_overflow(acc.int_sum, product, &acc.int_sum)) {
          fail(ErrorCode::InvalidArgument, fmt::format("Integer overflow in {}", call.text));
        }
      }
      return;
    }
    case AggregateKind::Min:
      if (acc.best.is_null() || order_compare(value, acc.best) < 0) acc.best = value;
      return;
    case AggregateKind::Max:
      if (acc.best.is_null() || order_compare(value, acc.best) > 0) acc.best = value;
      return;
    case AggregateKind::CountStar: return;
  }
}

Value result(const AggregateCall& call, Accumulator& acc) {
  switch (call.kind) {
    case AggregateKind::CountStar:
    case AggregateKind::Count: return acc.count;
    case AggregateKind::Collect: return std::move(acc.items);
    case AggregateKind::Sum: return acc.is_float ? Value(acc.float_sum) : Value(acc.int_sum);
    case AggregateKind::Avg:
      if (acc.count == 0) return {};
      return (acc.is_float ? acc.float_sum : static_cast<double>(acc.int_sum)) / static_cast<double>(acc.count);
    case AggregateKind::Min:
    case AggregateKind::Max: return acc.best;
  }
  return {};
}

// Folds `from` (the same aggregate over other rows) into `into`.
void merge(const AggregateCall& call, Accumulator& into, Accumulator& from, ExecContext& ctx) {
  if (call.distinct && call.kind != AggregateKind::CountStar) {
    if (from.seen) from.seen->for_each([&](const Value& value) { add(call, into, value, 1, ctx); });
    return;
  }
  switch (call.kind) {
    case AggregateKind::CountStar:
    case AggregateKind::Count: into.count += from.count; return;
    case AggregateKind::Collect:
      ctx.charge(from.items.size());
      for (Value& value : from.items) into.items.push_back(std::move(value));
      return;
    case AggregateKind::Sum:
    case AggregateKind::Avg:
      into.count += from.count;
      if (into.is_float || from.is_float) {
        const double mine = into.is_float ? into.float_sum : static_cast<double>(into.int_sum);
        const double theirs = from.is_float ? from.float_sum : static_cast<double>(from.int_sum);
        into.float_sum = mine + theirs;
        into.is_float = true;
      } else if (__builtin_add_overflow(into.int_sum, from.int_sum, &into.int_sum)) {
        fail(ErrorCode::InvalidArgument, fmt::format("Integer overflow in {}", call.text));
      }
      return;
    case AggregateKind::Min:
      if (!from.best.is_null() && (into.best.is_null() || order_compare(from.best, into.best) < 0)) into.best = from.best;
      return;
    case AggregateKind::Max:
      if (!from.best.is_null() && (into.best.is_null() || order_compare(from.best, into.best) > 0)) into.best = from.best;
      return;
  }
}

// Aggregation: groups by the items without aggregates (or the planner's
// group_keys for them), then writes each group's aggregate slots and the
// items that are not deferred over the group's first row. Groups come out
// in first-seen order. Hash mode holds every group; clustered mode (input
// grouped by the keys already) holds one group at a time.
class Aggregate final : public Operator {
 public:
  Aggregate(OperatorPtr input, const BoundProjection& projection, std::string text)
      : projection_(projection), text_(std::move(text)) {
    set_child(std::move(input));
    for (std::size_t i = 0; i < projection.items.size(); ++i) {
      if (!projection.item_has_aggregate[i]) keys_.push_back(i);
    }
    only_count_star_ = std::all_of(projection.aggregates.begin(), projection.aggregates.end(),
                                   [](const AggregateCall& call) { return call.kind == AggregateKind::CountStar; });
    // What a held group keeps of its first row: the variables the items read
    // when the group is written out (or after the LIMIT), not the whole row.
    std::set<Slot> read;
    for (std::size_t i = 0; i < projection.items.size(); ++i) {
      if (!projection.item_has_aggregate[i] && key_is_value(i) && !deferred(i)) continue;  // written from the key
      if (!subplans(*projection.items[i].expr).empty()) keep_whole_row_ = true;
      collect_slots(*projection.items[i].expr, read);
    }
    kept_slots_.assign(read.begin(), read.end());
    for (std::size_t i = 0; i < projection.name_keys.size(); ++i) {
      if (projection.name_keys[i]) name_key_slots_.push_back(projection.group_keys[i]->slot);
    }
    for (const std::size_t i : keys_) interned_.push_back(interned_key(key_expr(i)));
  }
  std::string describe() const override {
    const char* kind = projection_.singleton_groups ? "RowAggregate" : (projection_.clustered ? "OrderedAggregate" : "Aggregate");
    return fmt::format("{} {}", kind, text_);
  }
  std::vector<const Operator*> extra_children() const override {
    std::vector<const Operator*> out;
    for (const ProjectionItem& item : projection_.items) add_subplans(*item.expr, out);
    for (const AggregateCall& call : projection_.aggregates) {
      if (call.arg) add_subplans(*call.arg, out);
    }
    return out;
  }

 protected:
  void do_open(ExecContext&) override {
    groups_.clear();
    index_.clear();
    interned_now_.clear();
    for (const auto& interned : interned_) interned_now_.push_back(interned.has_value());
    id_key_ = IdKey::None;
    if (keys_.size() == 1) {
      if (interned_[0]) {
        id_key_ = IdKey::Interned;
      } else if (key_expr(keys_[0]).kind == ExprKind::Variable) {
        id_key_ = IdKey::Node;
      }
    }
    group_ids_.clear();
    counts_.clear();
    consumed_ = false;
    done_ = false;
    shared_.clear();
    shared_index_.clear();
    shared_at_ = 0;
    current_active_ = false;
    at_ = 0;
  }
  bool do_next(ExecContext& ctx, Row& row) override {
    if (projection_.singleton_groups) return next_singleton(ctx, row);
    return projection_.clustered ? next_clustered(ctx, row) : next_hashed(ctx, row);
  }

 private:
  struct Group {
    std::vector<Value> key;  // in hash mode, string ids where interned_now_ (read_hash_key)
    std::vector<Value> row;                       // the first row whole, or
    std::vector<std::pair<Slot, Value>> kept;     // its slots in kept_slots_ (hash mode)
    std::vector<Accumulator> accumulators;
    bool interned = false;  // made by consume(): its key may hold string ids
  };

  std::vector<Accumulator> accumulators() const {
    std::vector<Accumulator> out;
    out.resize(projection_.aggregates.size());
    return out;
  }
  const Expr& key_expr(std::size_t item) const {
    const auto& keys = projection_.group_keys;
    return item < keys.size() && keys[item] ? *keys[item] : *projection_.items[item].expr;
  }
  bool key_is_value(std::size_t item) const {
    const auto& keys = projection_.group_keys;
    return !(item < keys.size() && keys[item]);
  }
  bool deferred(std::size_t item) const { return item < projection_.deferred.size() && projection_.deferred[item]; }

  void read_key(ExecContext& ctx, Row& row, std::vector<Value>& key) {
    key.clear();
    for (const std::size_t i : keys_) key.push_back(evaluate(key_expr(i), row, ctx));
  }
  // read_key() for hash mode: a key interned_now_ is a string id
  // (interned_key.hpp). A row whose variable holds no node turns that key
  // back into text for every group so far, and for the rest of the run.
  void read_hash_key(ExecContext& ctx, Row& row, std::vector<Value>& key) {
    key.clear();
    for (std::size_t k = 0; k < keys_.size(); ++k) {
      if (interned_now_[k]) {
        if (auto id = read_interned(ctx.store(), *interned_[k], row.slots[interned_[k]->slot])) {
          key.push_back(std::move(*id));
          continue;
        }
        stop_interning(ctx, k);
      }
      key.push_back(evaluate(key_expr(keys_[k]), row, ctx));
    }
  }
  void stop_interning(ExecContext& ctx, std::size_t k) {
    interned_now_[k] = false;
    for (Group& group : groups_) group.key[k] = interned_text(ctx.store(), group.key[k]);
    rebuild_index();
  }
  void rebuild_index() {
    index_.clear();
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      const std::vector<Value>& key = groups_[g].key;
      index_.find_or_insert(TupleHash{}(key), g, [&](std::size_t other) { return TupleEquivalent{}(groups_[other].key, key); });
    }
  }

  // The one key as a bare id (IdKey), kNullKey for null; nullopt when the
  // row's value is no node (the run then groups by values, leave_id_key()).
  std::optional<std::int64_t> read_id_key(ExecContext& ctx, const Row& row) const {
    if (id_key_ == IdKey::Interned) return read_interned_id(ctx.store(), *interned_[0], row.slots[interned_[0]->slot]);
    const Value& value = row.slots[key_expr(keys_[0]).slot];
    if (value.is_null()) return kNullKey;
    if (value.kind() != ValueKind::Node) return std::nullopt;
    return static_cast<std::int64_t>(value.as_node().id);
  }
  Value id_key_value(std::int64_t id, const Row& row) const {
    if (id_key_ == IdKey::Node) return row.slots[key_expr(keys_[0]).slot];
    return id == kNullKey ? Value() : Value(id);
  }
  void leave_id_key(ExecContext& ctx) {
    const IdKey was = id_key_;
    id_key_ = IdKey::None;
    if (was == IdKey::Interned) {
      stop_interning(ctx, 0);
    } else {
      rebuild_index();
    }
  }
  void read_args(ExecContext& ctx, Row& row) {
    args_.clear();
    for (const AggregateCall& call : projection_.aggregates) args_.push_back(call.arg ? evaluate(*call.arg, row, ctx) : Value());
  }
  void add_args(ExecContext& ctx, std::vector<Accumulator>& accumulators, std::int64_t weight) {
    for (std::size_t a = 0; a < projection_.aggregates.size(); ++a) {
      add(projection_.aggregates[a], accumulators[a], args_[a], weight, ctx);
    }
  }

  // read_args() and add_args() in one pass: a variable's value is added
  // from its slot, not copied (count(DISTINCT b), collect(n)).
  void add_row(ExecContext& ctx, Row& row, std::vector<Accumulator>& accumulators) {
    for (std::size_t a = 0; a < projection_.aggregates.size(); ++a) {
      const AggregateCall& call = projection_.aggregates[a];
      if (!call.arg) {
        add(call, accumulators[a], Value(), row.weight, ctx);
      } else if (call.arg->kind == ExprKind::Variable) {
        add(call, accumulators[a], row.slots[call.arg->slot], row.weight, ctx);
      } else {
        add(call, accumulators[a], evaluate(*call.arg, row, ctx), row.weight, ctx);
      }
    }
  }

  // Writes `group` into `row`: its first row, the aggregates, the items.
  // `count` is the group's count(*) when the run keeps counts flat (counts_).
  void emit(ExecContext& ctx, Row& row, Group& group, std::optional<std::int64_t> count = std::nullopt) {
    if (group.row.empty() && row_width_ != 0) {
      row.slots.assign(row_width_, Value());
      for (auto& [slot, value] : group.kept) row.slots[slot] = std::move(value);
    } else {
      row.slots.swap(group.row);
    }
    row.weight = 1;
    for (std::size_t a = 0; a < projection_.aggregates.size(); ++a) {
      row.slots[projection_.aggregates[a].slot] = count ? Value(*count) : result(projection_.aggregates[a], group.accumulators[a]);
    }
    values_.clear();
    std::size_t key = 0;
    for (std::size_t i = 0; i < projection_.items.size(); ++i) {
      const bool grouping = !projection_.item_has_aggregate[i];
      if (deferred(i)) {
        values_.emplace_back();
      } else if (grouping && key_is_value(i)) {
        values_.push_back(group.interned && interned_now_[key] ? interned_text(ctx.store(), group.key[key]) : group.key[key]);
      } else {
        values_.push_back(evaluate(*projection_.items[i].expr, row, ctx));
      }
      if (grouping) ++key;
    }
    for (std::size_t i = 0; i < projection_.items.size(); ++i) {
      if (!deferred(i)) row.slots[projection_.items[i].slot] = std::move(values_[i]);
    }
  }

  bool next_hashed(ExecContext& ctx, Row& row) {
    if (!consumed_) consume(ctx, row);
    if (at_ >= groups_.size()) return false;
    const std::size_t g = at_++;
    emit(ctx, row, groups_[g], counts_.empty() ? std::nullopt : std::optional<std::int64_t>(counts_[g]));
    return true;
  }

  void consume(ExecContext& ctx, Row& row) {
    consumed_ = true;
    // Only count(*) over groups: one flat count per group, no accumulators.
    const bool flat_counts = only_count_star_ && !keys_.empty() && !projection_.aggregates.empty();
    const std::size_t width = row.slots.size();
    std::vector<Value> key;
    while (input().next(ctx, row)) {
      ctx.tick();
      // Without grouping keys every row is of the one group: no lookup.
      std::size_t group = 0;
      bool inserted = groups_.empty();
      std::optional<std::int64_t> id;
      if (id_key_ != IdKey::None) {
        id = read_id_key(ctx, row);
        if (!id) leave_id_key(ctx);
      }
      if (id) {
        const std::int64_t wanted = *id;
        const auto found = index_.find_or_insert(static_cast<std::size_t>(wanted), groups_.size(),
                                                 [&](std::size_t g) { return group_ids_[g] == wanted; });
        group = found.first;
        inserted = found.second;
        if (inserted) {
          group_ids_.push_back(wanted);
          key.assign(1, id_key_value(wanted, row));
        }
      } else if (!keys_.empty()) {
        read_hash_key(ctx, row, key);
        const auto found = index_.find_or_insert(TupleHash{}(key), groups_.size(),
                                                 [&](std::size_t g) { return TupleEquivalent{}(groups_[g].key, key); });
        group = found.first;
        inserted = found.second;
      }
      if (inserted) {
        ctx.charge(1);
        if (keep_whole_row_) {
          groups_.push_back(Group{std::move(key), row.slots, {}, flat_counts ? std::vector<Accumulator>() : accumulators(), true});
        } else {
          row_width_ = width;
          std::vector<std::pair<Slot, Value>> kept;
          kept.reserve(kept_slots_.size());
          for (const Slot slot : kept_slots_) kept.emplace_back(slot, row.slots[slot]);
          groups_.push_back(Group{std::move(key), {}, std::move(kept), flat_counts ? std::vector<Accumulator>() : accumulators(), true});
        }
        if (flat_counts) counts_.push_back(0);
      }
      if (flat_counts) {
        counts_[group] += row.weight;
      } else {
        add_row(ctx, row, groups_[group].accumulators);
      }
    }
    if (groups_.empty() && keys_.empty()) {
      groups_.push_back(Group{{}, std::vector<Value>(width), {}, accumulators(), false});
    }
  }

  // Each input row is a group: its aggregates are computed in place.
  bool next_singleton(ExecContext& ctx, Row& row) {
    while (!done_ && input().next(ctx, row)) {
      ctx.tick();
      if (!name_key_slots_.empty() && name_shared(ctx, row.slots)) {
        Group group{{}, row.slots, {}, accumulators()};
        read_args(ctx, row);
        add_args(ctx, group.accumulators, row.weight);
        hold(ctx, group);
        continue;
      }
      if (only_count_star_) {
        for (const AggregateCall& call : projection_.aggregates) row.slots[call.slot] = row.weight;
      } else {
        if (single_.accumulators.size() != projection_.aggregates.size()) single_.accumulators.resize(projection_.aggregates.size());
        for (Accumulator& acc : single_.accumulators) acc = Accumulator{};
        read_args(ctx, row);
        add_args(ctx, single_.accumulators, row.weight);
        for (std::size_t a = 0; a < projection_.aggregates.size(); ++a) {
          row.slots[projection_.aggregates[a].slot] = result(projection_.aggregates[a], single_.accumulators[a]);
        }
      }
      row.weight = 1;
      // Items read the row's variables and aggregate slots, never each other's slots.
      for (std::size_t i = 0; i < projection_.items.size(); ++i) {
        if (!deferred(i)) row.slots[projection_.items[i].slot] = evaluate(*projection_.items[i].expr, row, ctx);
      }
      return true;
    }
    done_ = true;
    return next_shared(ctx, row);
  }

  // Whether a node standing for its qualified_name (name_keys) shares that
  // name with another node: its group is then merged by name.
  bool name_shared(ExecContext& ctx, const std::vector<Value>& slots) {
    for (const Slot slot : name_key_slots_) {
      const Value& node = slots[slot];
      if (node.kind() != ValueKind::Node) continue;
      const NodeId id = node.as_node().id;
      const GraphStore& store = ctx.store();
      if (projection_.few_groups ? store.qualified_name_shared(store.qualified_name(id)) : store.qualified_name_shared(id)) {
        return true;
      }
    }
    return false;
  }

  // Merges `group` (its first row whole) into the held groups by the items' values.
  void hold(ExecContext& ctx, Group& group) {
    scratch_.slots = group.row;
    std::vector<Value> key;
    for (const std::size_t i : keys_) key.push_back(evaluate(*projection_.items[i].expr, scratch_, ctx));
    const auto [it, inserted] = shared_index_.try_emplace(key, shared_.size());
    if (inserted) {
      ctx.charge(1);
      shared_.push_back(Group{std::move(key), std::move(group.row), {}, std::move(group.accumulators), false});
      return;
    }
    Group& into = shared_[it->second];
    for (std::size_t a = 0; a < projection_.aggregates.size(); ++a) {
      merge(projection_.aggregates[a], into.accumulators[a], group.accumulators[a], ctx);
    }
  }

  // The held groups, after the input.
  bool next_shared(ExecContext& ctx, Row& row) {
    if (shared_at_ >= shared_.size()) return false;
    emit(ctx, row, shared_[shared_at_++]);
    return true;
  }

  // Clustered mode pulls its input into a row of its own: the operators
  // below are still looping when a finished group is handed out in `row`.
  bool next_clustered(ExecContext& ctx, Row& row) {
    while (!done_) {
      if (!current_active_) {
        in_ = row;
        if (!input().next(ctx, in_)) {
          done_ = true;
          break;
        }
        current_active_ = true;
        read_key(ctx, in_, current_.key);
        current_.row = in_.slots;
        current_.accumulators.clear();
        current_.accumulators.resize(projection_.aggregates.size());
        read_args(ctx, in_);
        add_args(ctx, current_.accumulators, in_.weight);
      }
      bool next_group = false;  // in_ holds the first row of the next group
      while (input().next(ctx, in_)) {
        ctx.tick();
        read_key(ctx, in_, next_key_);
        read_args(ctx, in_);
        if (TupleEquivalent{}(next_key_, current_.key)) {
          add_args(ctx, current_.accumulators, in_.weight);
          continue;
        }
        next_group = true;
        break;
      }
      // current_ is finished: written out, or held to be merged by name.
      bool written = false;
      if (!name_key_slots_.empty() && name_shared(ctx, current_.row)) {
        hold(ctx, current_);
      } else {
        emit(ctx, row, current_);
        written = true;
      }
      if (next_group) {
        current_.row = in_.slots;
        current_.key.swap(next_key_);
        current_.accumulators.clear();
        current_.accumulators.resize(projection_.aggregates.size());
        add_args(ctx, current_.accumulators, in_.weight);
      } else {
        current_active_ = false;
        done_ = true;
      }
      if (written) return true;
    }
    return next_shared(ctx, row);
  }

  const BoundProjection& projection_;
  std::string text_;
  std::vector<std::size_t> keys_;
  bool only_count_star_ = false;
  std::vector<Slot> kept_slots_;
  std::vector<Slot> name_key_slots_;  // nodes standing for names another node may share
  std::vector<Group> shared_;         // groups held to be merged by name
  TupleMap<std::size_t> shared_index_;
  std::size_t shared_at_ = 0;
  Row scratch_;
  bool keep_whole_row_ = false;
  std::size_t row_width_ = 0;  // of the rows consumed (hash mode)
  std::vector<Group> groups_;
  GroupIndex index_;
  std::vector<std::optional<InternedKey>> interned_;  // per key: read as a string id when possible
  std::vector<bool> interned_now_;                    // per key: this run still reads it so
  // One key read as a bare id (an interned string's or a node's): the index
  // is keyed by the id, and a row of a known group builds no Value.
  enum class IdKey { None, Interned, Node };
  IdKey id_key_ = IdKey::None;
  std::vector<std::int64_t> group_ids_;  // per group, while id_key_
  std::vector<std::int64_t> counts_;     // per group: its count(*), when that is every aggregate
  bool consumed_ = false;
  bool done_ = false;
  std::size_t at_ = 0;
  // clustered mode
  bool current_active_ = false;
  Group current_;
  Row in_;
  Group single_;
  std::vector<Value> next_key_;
  std::vector<Value> args_;
  std::vector<Value> values_;
};

}  // namespace

OperatorPtr make_aggregate(OperatorPtr input, const BoundProjection& projection, std::string text) {
  return std::make_unique<Aggregate>(std::move(input), projection, std::move(text));
}

}  // namespace trellis::cypher
