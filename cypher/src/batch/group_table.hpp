// The groups of a batched aggregation and their aggregates, column-wise:
// one table per worker of a parallel run, merged into one at the end
// (batch_aggregate.cpp). A row's group is found by its key words (a node
// id, an integer, a boolean, a store string id, or the number of a computed
// text); each group remembers the smallest position of its rows (a
// worker's parts need not come in order), so merged groups keep the order
// the rows came in.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "batch/vector_expr.hpp"
#include "batch/text_numbers.hpp"
#include "executor/distinct_keys.hpp"
#include "executor/group_index.hpp"

namespace trellis::cypher {

struct KeyShape {
  VecKind kind = VecKind::Null;
  bool interned = false;
};
struct AggregateShape {
  const AggregateCall* call = nullptr;
  VecKind kind = VecKind::Null;  // of the argument (count(*): Null)
};

// Groups by one key word (64 bits, or 32 for ids: half the table to keep
// in the caches): linear probing over one flat array of (key, group) slots
// (one cache line read per probe), grown at half full.
template <class Key>
class WordGroups {
 public:
  // Room for `more` keys without growing (so a batch's prefetches stay valid).
  void reserve(std::size_t more) {
    while (2 * (count_ + more) > slots_.size()) grow();
  }
  void clear() {
    slots_.clear();
    count_ = 0;
  }
  // The group of `key`, or `next` recorded as its group (.second true).
  std::pair<std::uint32_t, bool> find_or_insert(Key key, std::uint32_t next) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    const auto found = probe(slots_.data(), slots_.size() - 1, key, next);
    count_ += found.second ? 1 : 0;
    return found;
  }

  // Groups of many keys at once: groups[k] = the group of key_of(k) for
  // k < n, a new key numbered from group_count on and its k listed in
  // `added`. Each key's slot is fetched several keys ahead, so the cache
  // misses of a table larger than the caches overlap. Returns the number
  // of groups after.
  template <class KeyOf>
  std::uint32_t assign(std::size_t n, KeyOf&& key_of, std::uint32_t group_count, std::uint32_t* __restrict groups,
                       std::vector<std::uint32_t>& added) {
    reserve(n);
    Slot* const slots = slots_.data();
    const std::size_t mask = slots_.size() - 1;
    constexpr std::size_t kAhead = 16;
    for (std::size_t k = 0; k < std::min(n, kAhead); ++k) __builtin_prefetch(&slots[mix(key_of(k)) & mask]);
    const std::uint32_t before = group_count;
    for (std::size_t k = 0; k < n; ++k) {
      if (k + kAhead < n) __builtin_prefetch(&slots[mix(key_of(k + kAhead)) & mask]);
      const auto [g, inserted] = probe(slots, mask, key_of(k), group_count);
      if (inserted) {
        ++group_count;
        added.push_back(static_cast<std::uint32_t>(k));
      }
      groups[k] = g;
    }
    count_ += group_count - before;
    return group_count;
  }

 private:
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
  struct Slot {
    Key key = 0;
    std::uint32_t group = kEmpty;
  };
  static std::pair<std::uint32_t, bool> probe(Slot* slots, std::size_t mask, Key key, std::uint32_t next) {
    for (std::size_t at = mix(key) & mask;; at = (at + 1) & mask) {
      Slot& slot = slots[at];
      if (slot.group == kEmpty) {
        slot = {key, next};
        return {next, true};
      }
      if (slot.key == key) return {slot.group, false};
    }
  }
  static std::size_t mix(std::uint64_t key) {
    key *= 0x9e3779b97f4a7c15ull;
    return static_cast<std::size_t>(key ^ (key >> 32));
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    // Four times while the table is small (a growing table is mostly
    // rehashing: a third of the moves), twice past a million slots.
    const std::size_t size = std::max<std::size_t>(8192, old.size() * (old.size() < (std::size_t{1} << 20) ? 4 : 2));
    slots_.assign(size, Slot{});
    const std::size_t mask = size - 1;
    for (const Slot& slot : old) {
      if (slot.group == kEmpty) continue;
      std::size_t at = mix(slot.key) & mask;
      while (slots_[at].group != kEmpty) at = (at + 1) & mask;
      slots_[at] = slot;
    }
  }

  std::vector<Slot> slots_;
  std::size_t count_ = 0;
};

class GroupTable {
 public:
  GroupTable(std::vector<KeyShape> keys, std::vector<AggregateShape> aggregates)
      : keys_(std::move(keys)), shapes_(std::move(aggregates)) {
    const auto id = [](const KeyShape& key) { return key.kind == VecKind::Node || (key.kind == VecKind::Str && key.interned); };
    id_key_ = keys_.size() == 1 && id(keys_[0]);
    packed_ = keys_.size() == 2 && id(keys_[0]) && id(keys_[1]);
    word_key_ = id_key_ || packed_ || (keys_.size() == 1 && (keys_[0].kind == VecKind::Int || keys_[0].kind == VecKind::Bool));
  }

  // Empties the table; `node_count` sizes the bitmap of count(DISTINCT node) with no keys.
  void reset(std::size_t node_count);
  // Adds a batch: `keys` and `args` are the evaluated key and argument
  // columns (args[a] null for count(*)); row i is at position first + i.
  // `charge`: the context new groups are charged to (null: not charged).
  void add(const Batch& batch, const std::vector<const Vec*>& keys, const std::vector<const Vec*>& args,
           std::uint64_t first, ExecContext* charge);
  // Folds `other` (the same aggregation over other rows) into this table.
  void merge(const GroupTable& other, ExecContext* charge);

  std::size_t size() const { return group_count_; }
  // Charges `ctx` with the list items collect() holds not charged yet, as
  // the row Aggregate charges them (add() and merge() do when given a
  // context; a parallel run's first table once it becomes the result).
  // count(DISTINCT)'s values are one word each here and are not charged.
  void charge_held(ExecContext& ctx);
  std::uint64_t first_seen(std::size_t g) const { return first_seen_[g]; }
  Value key_value(const GraphStore& store, std::size_t k, std::size_t g) const;
  // Key k of group g as its word (a node id, an integer, a string id...), and whether it is null.
  std::uint64_t key_word(std::size_t k, std::size_t g) const { return words_[g * keys_.size() + k]; }
  bool key_null(std::size_t k, std::size_t g) const { return ((nulls_[g] >> k) & 1u) != 0; }
  const KeyShape& key_shape(std::size_t k) const { return keys_[k]; }
  Value aggregate_value(const GraphStore& store, std::size_t a, std::size_t g) const;
  // The integer results of aggregate a by group (integer_result's column):
  // values null when it has none; `present` null when every group has one.
  struct IntegerColumn {
    const std::int64_t* values = nullptr;
    const std::uint8_t* present = nullptr;
  };
  IntegerColumn integer_column(std::size_t a) const {
    const Column& c = columns_[a];
    switch (shapes_[a].call->kind) {
      case AggregateKind::CountStar:
      case AggregateKind::Count: return {c.counts.data(), nullptr};
      case AggregateKind::Sum: return {c.sums.data(), nullptr};
      case AggregateKind::Min:
      case AggregateKind::Max:
        if (shapes_[a].kind == VecKind::Int) return {c.best_ints.data(), c.has_best.data()};
        return {};
      default: return {};
    }
  }
  // An integer result of aggregate a (count, integer sum, min or max of
  // integers) compared without a Value; nullopt for others and for null.
  std::optional<std::int64_t> integer_result(std::size_t a, std::size_t g) const {
    const IntegerColumn column = integer_column(a);
    if (column.values == nullptr || (column.present != nullptr && column.present[g] == 0)) return std::nullopt;
    return column.values[g];
  }

 private:
  struct Column {
    std::vector<std::int64_t> counts;
    std::vector<std::int64_t> sums;
    std::vector<std::uint8_t> has_best;
    std::vector<std::int64_t> best_ints;
    std::vector<std::string_view> best_strs;
    std::vector<std::vector<std::uint64_t>> lists;  // collect: each group's values as words, in row order
    IdSet distinct;                         // (group << 32 | value) for count(DISTINCT)
    std::vector<std::uint64_t> seen_nodes;  // count(DISTINCT node) with no keys: a bit per node
  };

  std::uint64_t key_word(std::size_t k, const Vec& vec, std::size_t i);
  bool any_null(const std::vector<const Vec*>& keys, const std::uint32_t* selected, std::size_t live) const;
  void add_words(const std::vector<const Vec*>& keys, const std::uint32_t* selected, std::size_t live, std::uint64_t first,
                 ExecContext* charge);
  template <class KeyOf, class PositionOf>
  void assign_words(std::size_t n, KeyOf&& key_of, PositionOf&& position_of, bool earlier, ExecContext* charge,
                    std::uint32_t* groups);
  std::uint32_t find_or_add(const std::uint64_t* words, std::uint64_t null_mask, std::uint64_t position, ExecContext* charge);
  std::uint32_t new_group(const std::uint64_t* words, std::uint64_t null_mask, std::uint64_t position, ExecContext* charge);
  void grow_groups();
  void accumulate(std::size_t a, const Vec& v, const Batch& batch);
  bool accumulate_ints(std::size_t a, const Vec& v, const std::uint32_t* selected, std::size_t live);
  void add_distinct(std::size_t a, std::uint32_t g, std::uint64_t value);
  void count_distinct(std::size_t a, const Vec& v, const Batch& batch);
  void add_value(std::size_t a, std::uint32_t g, std::int64_t integer, std::string_view text, std::int64_t weight);

  std::vector<KeyShape> keys_;
  std::vector<AggregateShape> shapes_;
  std::vector<Column> columns_;
  std::vector<TextNumbers> texts_;  // by key: the computed texts of a key without store ids, numbered
  bool id_key_ = false;                      // one key of ids (nodes, interned texts)
  WordGroups<std::uint32_t> ids_;            // ... and the groups by its id
  bool packed_ = false;                      // two keys of ids, whose non-null pairs are one word (a << 32 | b)
  bool word_key_ = false;                    // a non-null key is one word (ids, an integer, a boolean, a packed pair)
  WordGroups<std::uint64_t> single_;         // one key of another kind, or a packed pair: the groups by its word
  std::optional<std::uint32_t> null_group_;  // ... and its null's group
  GroupIndex index_;                         // several keys
  std::vector<std::uint64_t> words_;         // keys_.size() words per group
  std::vector<std::uint64_t> nulls_;         // which keys of the group are null
  std::vector<std::uint64_t> first_seen_;
  std::size_t group_count_ = 0;
  std::size_t held_items_ = 0;     // list items collect() holds
  std::size_t charged_items_ = 0;
  std::size_t capacity_ = 0;  // groups the per-group arrays have room for
  // Where the last batch added ended: a batch starting there or later
  // cannot lower an existing group's first_seen.
  std::uint64_t added_until_ = 0;
  std::vector<std::uint32_t> groups_;        // by batch row
  std::vector<std::uint64_t> row_words_;
  std::vector<std::uint32_t> live_groups_;   // by live row (add_words over a selection)
  std::vector<std::uint64_t> pairs_;        // count_distinct(): (group, value) per live row
  std::vector<std::uint8_t> fresh_;
  std::vector<std::uint32_t> added_;         // the live rows that made a group
};

}  // namespace trellis::cypher
