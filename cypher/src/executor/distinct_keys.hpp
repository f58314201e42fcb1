// The sets behind DISTINCT (the Distinct operator, count / collect / sum
// DISTINCT). Nodes, and tuples of one or two nodes, are by far the most
// common keys (`RETURN DISTINCT c`, `count(DISTINCT c)` over a reach of
// hundreds of thousands of nodes): they go to a table of their ids (a
// bitmap once dense), no Value hashed or allocated. Anything else is hashed as
// values (value_hash.hpp). A node and a value of another kind are never
// equal, so the two halves never hold the same key.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <vector>

#include "executor/value_hash.hpp"

namespace trellis::cypher {

// Distinct 64-bit keys by linear probing; grows at half full.
class IdSet {
 public:
  // Whether `key` was new (it is then held).
  bool insert(std::uint64_t key) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    for (std::size_t i = slot_of(key);; i = (i + 1) & mask_) {
      if (slots_[i] == kEmpty) {
        slots_[i] = key;
        ++size_;
        return true;
      }
      if (slots_[i] == key) return false;
    }
  }
  // insert() of keys[0..n) in order, fresh[k] whether keys[k] was new.
  // Each key's slot is fetched several keys ahead, so the cache misses of a
  // table larger than the caches overlap.
  void insert_many(const std::uint64_t* keys, std::size_t n, std::uint8_t* fresh) {
    while ((size_ + n) * 2 > slots_.size()) grow();
    constexpr std::size_t kAhead = 16;
    for (std::size_t k = 0; k < std::min(n, kAhead); ++k) __builtin_prefetch(&slots_[slot_of(keys[k])]);
    for (std::size_t k = 0; k < n; ++k) {
      if (k + kAhead < n) __builtin_prefetch(&slots_[slot_of(keys[k + kAhead])]);
      fresh[k] = 0;
      for (std::size_t i = slot_of(keys[k]);; i = (i + 1) & mask_) {
        if (slots_[i] == kEmpty) {
          slots_[i] = keys[k];
          ++size_;
          fresh[k] = 1;
          break;
        }
        if (slots_[i] == keys[k]) break;
      }
    }
  }
  std::size_t size() const { return size_; }
  template <class F>
  void for_each(F&& f) const {
    for (const std::uint64_t key : slots_) {
      if (key != kEmpty) f(key);
    }
  }

 private:
  static constexpr std::uint64_t kEmpty = std::numeric_limits<std::uint64_t>::max();
  std::size_t slot_of(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 20) & mask_;
  }
  void grow() {
    std::vector<std::uint64_t> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : old.size() * 2, kEmpty);
    mask_ = slots_.size() - 1;
    size_ = 0;
    for (const std::uint64_t key : old) {
      if (key != kEmpty) insert(key);
    }
  }

  std::vector<std::uint64_t> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
};

// Distinct node ids: a hash table while few, a bitmap over the ids once the
// bitmap is the smaller (more than one id in 128 of those below the largest),
// as when a reach yields a large part of the graph.
class NodeIdSet {
 public:
  bool insert(NodeId id) {
    if (bits_.empty()) {
      if (!ids_.insert(id)) return false;
      max_id_ = std::max(max_id_, id);
      if (ids_.size() > 64 && ids_.size() * 128 > max_id_) to_bitmap();
      return true;
    }
    const std::size_t word = id >> 6;
    if (word >= bits_.size()) bits_.resize(std::max(word + 1, bits_.size() * 2), 0);
    const std::uint64_t bit = std::uint64_t{1} << (id & 63);
    if ((bits_[word] & bit) != 0) return false;
    bits_[word] |= bit;
    return true;
  }
  template <class F>
  void for_each(F&& f) const {
    if (bits_.empty()) {
      ids_.for_each([&](std::uint64_t id) { f(static_cast<NodeId>(id)); });
      return;
    }
    for (std::size_t word = 0; word < bits_.size(); ++word) {
      for (std::uint64_t w = bits_[word]; w != 0; w &= w - 1) {
        f(static_cast<NodeId>(word * 64 + static_cast<std::size_t>(std::countr_zero(w))));
      }
    }
  }

 private:
  void to_bitmap() {
    bits_.assign(max_id_ / 64 + 1, 0);
    ids_.for_each([&](std::uint64_t id) { bits_[id >> 6] |= std::uint64_t{1} << (id & 63); });
    ids_ = IdSet();
  }

  IdSet ids_;
  NodeId max_id_ = 0;
  std::vector<std::uint64_t> bits_;  // non-empty: the bitmap holds the set
};

// Distinct values (count(DISTINCT x) and the like).
class DistinctValues {
 public:
  bool insert(const Value& value) {
    if (value.kind() == ValueKind::Node) return nodes_.insert(value.as_node().id);
    return others_.insert(value).second;
  }
  // Every value held, nodes first.
  template <class F>
  void for_each(F&& f) const {
    nodes_.for_each([&](NodeId id) { f(Value(NodeRef{id})); });
    for (const Value& value : others_) f(value);
  }

 private:
  NodeIdSet nodes_;
  ValueSet others_;
};

// Distinct tuples of a fixed width (the Distinct operator's keys).
class DistinctTuples {
 public:
  bool insert(const std::vector<Value>& tuple) {
    if (tuple.size() == 1 && tuple[0].kind() == ValueKind::Node) return nodes_.insert(tuple[0].as_node().id);
    if (tuple.size() == 2 && tuple[0].kind() == ValueKind::Node && tuple[1].kind() == ValueKind::Node) {
      return pairs_.insert((std::uint64_t{tuple[0].as_node().id} << 32) | tuple[1].as_node().id);
    }
    if (others_.find(tuple) != others_.end()) return false;  // no copy of a key seen before
    others_.insert(tuple);
    return true;
  }
  void clear() {
    nodes_ = NodeIdSet();
    pairs_ = IdSet();
    others_.clear();
  }

 private:
  NodeIdSet nodes_;
  IdSet pairs_;
  TupleSet others_;
};

}  // namespace trellis::cypher
