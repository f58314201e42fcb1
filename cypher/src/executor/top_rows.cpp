#include "executor/top_rows.hpp"

#include <algorithm>

#include "executor/expression_eval.hpp"
#include "trellis/cypher/value/value_compare.hpp"

namespace trellis::cypher {

void TopRows::clear() {
  entries_.clear();
  sequence_ = 0;
}

bool TopRows::before(const std::vector<Value>& a_keys, std::size_t a_sequence, const std::vector<Value>& b_keys,
                     std::size_t b_sequence) const {
  for (std::size_t k = 0; k < keys_.size(); ++k) {
    const int c = order_compare(a_keys[k], b_keys[k]);
    if (c != 0) return keys_[k].descending ? c > 0 : c < 0;
  }
  return a_sequence < b_sequence;
}

void TopRows::cut(std::size_t keep) {
  const auto less = [this](const Entry& a, const Entry& b) { return before(a, b); };
  std::nth_element(entries_.begin(), entries_.begin() + static_cast<std::ptrdiff_t>(keep), entries_.end(), less);
  entries_.resize(keep);
}

void TopRows::find_worst() {
  worst_ = *std::max_element(entries_.begin(), entries_.end(), [this](const Entry& a, const Entry& b) { return before(a, b); });
}

// Whether the row comes before the worst row held, its keys evaluated
// into scratch_ only as far as that takes: a later key (a name, say) is
// read only when the earlier ones tie with the worst row's.
bool TopRows::beats_worst(ExecContext& ctx, Row& row, std::size_t seq) {
  for (std::size_t k = 0; k < keys_.size(); ++k) {
    key_value(ctx, row, k);
    const int c = order_compare(scratch_[k], worst_.keys[k]);
    if (c != 0) return keys_[k].descending ? c > 0 : c < 0;
  }
  return seq < worst_.sequence;
}

// Evaluates key k into scratch_ (and into the row when it is an item's value).
void TopRows::key_value(ExecContext& ctx, Row& row, std::size_t k) {
  scratch_.push_back(evaluate(*keys_[k].expr, row, ctx));
  if (keys_[k].writes != kNoSlot) row.slots[keys_[k].writes] = scratch_.back();
}

void TopRows::offer(ExecContext& ctx, Row& row) {
  if (keeps_none()) return;
  scratch_.clear();
  const std::size_t seq = sequence_++;
  // Once k rows are held, a row that does not beat the worst of them is dropped.
  if (keep_ && entries_.size() >= *keep_ && !beats_worst(ctx, row, seq)) return;
  for (std::size_t k = scratch_.size(); k < keys_.size(); ++k) key_value(ctx, row, k);
  entries_.push_back(Entry{scratch_, seq, row.slots, row.weight});
  if (!keep_) {
    ctx.charge(1);
  } else if (entries_.size() >= 2 * *keep_) {
    cut(*keep_);
    find_worst();
  } else if (entries_.size() == *keep_) {
    find_worst();
  }
}

void TopRows::finish() {
  if (keep_ && entries_.size() > *keep_) cut(*keep_);
  std::sort(entries_.begin(), entries_.end(), [this](const Entry& a, const Entry& b) { return before(a, b); });
}

void TopRows::take(std::size_t i, Row& row) {
  row.slots = std::move(entries_[i].slots);
  row.weight = entries_[i].weight;
}

}  // namespace trellis::cypher
