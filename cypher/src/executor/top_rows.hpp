// The rows ORDER BY keeps: all of them sorted, or with `keep` (ORDER BY ...
// LIMIT k, SKIP included) only the best k. The buffer is cut back to k
// whenever it reaches 2k, and once k are held a row's keys are read one by
// one only while they tie with the worst row held. Ties keep the order
// rows were offered in (a stable sort). Used by the Sort operator and the
// batched top k (batch/batch_top.cpp).
#pragma once

#include <optional>
#include <vector>

#include "executor/operators.hpp"

namespace trellis::cypher {

class TopRows {
 public:
  TopRows(const std::vector<SortSpec>& keys, std::optional<std::size_t> keep) : keys_(keys), keep_(keep) {}

  void clear();
  // Offers the next row; a key that is a projected item left to the sort
  // (SortSpec::writes) is computed into the row for rows that get this far.
  void offer(ExecContext& ctx, Row& row);
  // Once `keep` rows are held: the first key of the worst of them (a row
  // whose first key comes after it cannot be kept). Null before.
  const Value* worst_first_key() const {
    return keep_ && entries_.size() >= *keep_ && *keep_ != 0 ? &worst_.keys[0] : nullptr;
  }
  bool keeps_none() const { return keep_ && *keep_ == 0; }
  // Whether a row whose first key compares `c` with worst_first_key()
  // (order_compare) comes after the worst row held whatever its other keys.
  bool loses_on_first_key(int c) const { return keys_[0].descending ? c < 0 : c > 0; }
  // Sorts what is held; the rows are then read in order.
  void finish();
  std::size_t size() const { return entries_.size(); }
  // Moves the i-th row (after finish()) into `row`.
  void take(std::size_t i, Row& row);

 private:
  struct Entry {
    std::vector<Value> keys;
    std::size_t sequence = 0;
    std::vector<Value> slots;
    std::int64_t weight = 1;
  };

  bool before(const std::vector<Value>& a_keys, std::size_t a_sequence, const std::vector<Value>& b_keys,
              std::size_t b_sequence) const;
  bool before(const Entry& a, const Entry& b) const { return before(a.keys, a.sequence, b.keys, b.sequence); }
  void cut(std::size_t keep);
  bool beats_worst(ExecContext& ctx, Row& row, std::size_t seq);
  void key_value(ExecContext& ctx, Row& row, std::size_t k);
  void find_worst();

  const std::vector<SortSpec>& keys_;
  std::optional<std::size_t> keep_;
  std::vector<Entry> entries_;
  Entry worst_;  // with keep_: the last of the best k once k are held
  std::vector<Value> scratch_;
  std::size_t sequence_ = 0;
};

}  // namespace trellis::cypher
