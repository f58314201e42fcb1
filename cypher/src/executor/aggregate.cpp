#include "executor/expression_eval.hpp"
#include "executor/operators.hpp"
#include "executor/value_hash.hpp"

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
  ValueSet seen;
};

void add(const AggregateCall& call, Accumulator& acc, const Value& value, std::int64_t weight, ExecContext& ctx) {
  if (call.kind == AggregateKind::CountStar) {
    acc.count += weight;
    return;
  }
  if (value.is_null()) return;
  if (call.distinct) {
    if (!acc.seen.insert(value).second) return;
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

// Hash aggregation: groups by the values of the items without aggregates
// (in first-seen order), then writes each group's aggregate slots and
// items over the group's first row.
class Aggregate final : public Operator {
 public:
  Aggregate(OperatorPtr input, const BoundProjection& projection, std::string text)
      : projection_(projection), text_(std::move(text)) {
    set_child(std::move(input));
    for (std::size_t i = 0; i < projection.items.size(); ++i) {
      if (!projection.item_has_aggregate[i]) keys_.push_back(i);
    }
  }
  std::string describe() const override { return "Aggregate " + text_; }

 protected:
  void do_open(ExecContext&) override {
    groups_.clear();
    index_.clear();
    consumed_ = false;
    at_ = 0;
  }
  bool do_next(ExecContext& ctx, Row& row) override {
    if (!consumed_) consume(ctx, row);
    if (at_ >= groups_.size()) return false;
    Group& group = groups_[at_++];
    row.slots = std::move(group.row);
    row.weight = 1;
    for (std::size_t a = 0; a < projection_.aggregates.size(); ++a) {
      row.slots[projection_.aggregates[a].slot] = result(projection_.aggregates[a], group.accumulators[a]);
    }
    std::vector<Value> values;
    std::size_t key = 0;
    for (std::size_t i = 0; i < projection_.items.size(); ++i) {
      values.push_back(projection_.item_has_aggregate[i] ? evaluate(*projection_.items[i].expr, row, ctx)
                                                          : group.key[key++]);
    }
    for (std::size_t i = 0; i < projection_.items.size(); ++i) row.slots[projection_.items[i].slot] = std::move(values[i]);
    return true;
  }

 private:
  struct Group {
    std::vector<Value> key;
    std::vector<Value> row;
    std::vector<Accumulator> accumulators;
  };

  void consume(ExecContext& ctx, Row& row) {
    consumed_ = true;
    const std::size_t width = row.slots.size();
    std::vector<Value> key;
    while (input().next(ctx, row)) {
      ctx.tick();
      key.clear();
      for (const std::size_t i : keys_) key.push_back(evaluate(*projection_.items[i].expr, row, ctx));
      auto [it, inserted] = index_.try_emplace(key, groups_.size());
      if (inserted) {
        ctx.charge(1);
        groups_.push_back(Group{key, row.slots, std::vector<Accumulator>(projection_.aggregates.size())});
      }
      Group& group = groups_[it->second];
      for (std::size_t a = 0; a < projection_.aggregates.size(); ++a) {
        const AggregateCall& call = projection_.aggregates[a];
        const Value value = call.arg ? evaluate(*call.arg, row, ctx) : Value();
        add(call, group.accumulators[a], value, row.weight, ctx);
      }
    }
    if (groups_.empty() && keys_.empty()) {
      groups_.push_back(Group{{}, std::vector<Value>(width), std::vector<Accumulator>(projection_.aggregates.size())});
    }
  }

  const BoundProjection& projection_;
  std::string text_;
  std::vector<std::size_t> keys_;
  std::vector<Group> groups_;
  TupleMap<std::size_t> index_;
  bool consumed_ = false;
  std::size_t at_ = 0;
};

}  // namespace

OperatorPtr make_aggregate(OperatorPtr input, const BoundProjection& projection, std::string text) {
  return std::make_unique<Aggregate>(std::move(input), projection, std::move(text));
}

}  // namespace trellis::cypher
