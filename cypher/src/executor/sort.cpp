#include <algorithm>

#include "executor/expression_eval.hpp"
#include "executor/operators.hpp"
#include "trellis/cypher/value/value_compare.hpp"

namespace trellis::cypher {
namespace {

// ORDER BY: rows sorted by the keys (orderability, null last ascending),
// stable. With `keep` (ORDER BY ... LIMIT k, SKIP included) only the best
// k rows are held: the buffer is cut back to k whenever it reaches 2k, and
// once k are held a row's keys are read one by one only while they tie
// with the worst row held. A key may be a projected item the planner left
// to the sort (SortSpec::writes): computed here, for rows that get this far.
class Sort final : public Operator {
 public:
  Sort(OperatorPtr input, std::vector<SortSpec> keys, std::optional<std::size_t> keep, std::string text)
      : keys_(std::move(keys)), keep_(keep), text_(std::move(text)) {
    set_child(std::move(input));
  }
  std::string describe() const override {
    return keep_ ? fmt::format("Top {} by {}", *keep_, text_) : "Sort by " + text_;
  }
  std::vector<const Operator*> extra_children() const override {
    std::vector<const Operator*> out;
    for (const SortSpec& key : keys_) {
      const auto inner = subplans(*key.expr);
      out.insert(out.end(), inner.begin(), inner.end());
    }
    return out;
  }

 protected:
  void do_open(ExecContext&) override {
    entries_.clear();
    consumed_ = false;
    at_ = 0;
  }
  bool do_next(ExecContext& ctx, Row& row) override {
    if (!consumed_) consume(ctx, row);
    if (at_ >= entries_.size()) return false;
    row.slots = std::move(entries_[at_].slots);
    row.weight = entries_[at_].weight;
    ++at_;
    return true;
  }

 private:
  struct Entry {
    std::vector<Value> keys;
    std::size_t sequence;
    std::vector<Value> slots;
    std::int64_t weight;
  };

  bool before(const std::vector<Value>& a_keys, std::size_t a_sequence, const std::vector<Value>& b_keys,
              std::size_t b_sequence) const {
    for (std::size_t k = 0; k < keys_.size(); ++k) {
      const int c = order_compare(a_keys[k], b_keys[k]);
      if (c != 0) return keys_[k].descending ? c > 0 : c < 0;
    }
    return a_sequence < b_sequence;
  }
  bool before(const Entry& a, const Entry& b) const { return before(a.keys, a.sequence, b.keys, b.sequence); }

  void cut(std::size_t keep) {
    const auto less = [this](const Entry& a, const Entry& b) { return before(a, b); };
    std::nth_element(entries_.begin(), entries_.begin() + static_cast<std::ptrdiff_t>(keep), entries_.end(), less);
    entries_.resize(keep);
  }

  // Whether the row comes before the worst row held, its keys evaluated
  // into scratch_ only as far as that takes: a later key (a name, say) is
  // read only when the earlier ones tie with the worst row's.
  bool beats_worst(ExecContext& ctx, Row& row, std::size_t seq) {
    for (std::size_t k = 0; k < keys_.size(); ++k) {
      key_value(ctx, row, k);
      const int c = order_compare(scratch_[k], worst_.keys[k]);
      if (c != 0) return keys_[k].descending ? c > 0 : c < 0;
    }
    return seq < worst_.sequence;
  }
  // Evaluates key k into scratch_ (and into the row when it is an item's value).
  void key_value(ExecContext& ctx, Row& row, std::size_t k) {
    scratch_.push_back(evaluate(*keys_[k].expr, row, ctx));
    if (keys_[k].writes != kNoSlot) row.slots[keys_[k].writes] = scratch_.back();
  }

  void consume(ExecContext& ctx, Row& row) {
    consumed_ = true;
    std::size_t sequence = 0;
    while (input().next(ctx, row)) {
      ctx.tick();
      if (keep_ && *keep_ == 0) continue;
      scratch_.clear();
      const std::size_t seq = sequence++;
      // Once k rows are held, a row that does not beat the worst of them is dropped.
      if (keep_ && entries_.size() >= *keep_ && !beats_worst(ctx, row, seq)) continue;
      for (std::size_t k = scratch_.size(); k < keys_.size(); ++k) key_value(ctx, row, k);
      Entry entry{scratch_, seq, row.slots, row.weight};
      entries_.push_back(std::move(entry));
      if (!keep_) {
        ctx.charge(1);
      } else if (entries_.size() >= 2 * *keep_) {
        cut(*keep_);
        worst_ = *std::max_element(entries_.begin(), entries_.end(), [this](const Entry& a, const Entry& b) { return before(a, b); });
      } else if (entries_.size() == *keep_) {
        worst_ = *std::max_element(entries_.begin(), entries_.end(), [this](const Entry& a, const Entry& b) { return before(a, b); });
      }
    }
    if (keep_ && entries_.size() > *keep_) cut(*keep_);
    std::sort(entries_.begin(), entries_.end(), [this](const Entry& a, const Entry& b) { return before(a, b); });
  }

  std::vector<SortSpec> keys_;
  std::optional<std::size_t> keep_;
  std::string text_;
  std::vector<Entry> entries_;
  Entry worst_;  // with keep_: the last of the best k once k are held
  std::vector<Value> scratch_;
  bool consumed_ = false;
  std::size_t at_ = 0;
};

}  // namespace

OperatorPtr make_sort(OperatorPtr input, std::vector<SortSpec> keys, std::optional<std::size_t> keep, std::string text) {
  return std::make_unique<Sort>(std::move(input), std::move(keys), keep, std::move(text));
}

}  // namespace trellis::cypher
