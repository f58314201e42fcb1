// Group numbers by key: an open-addressing table of (hash, group) pairs whose
// keys stay with the caller (its groups), for hash aggregation. A lookup costs
// one probe sequence over a flat array and a key comparison only where the
// full hashes match; inserting a group allocates nothing but the table's
// occasional doubling (a node-based map allocates a node and copies the key).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace trellis::cypher {

class GroupIndex {
 public:
  // The group whose key equals the looked-up one (`same(group)` says whether
  // a group's key does; `hash` is the looked-up key's), or `next` recorded as
  // its group when there is none; .second is true when `next` was recorded.
  template <class Same>
  std::pair<std::size_t, bool> find_or_insert(std::size_t hash, std::size_t next, Same&& same) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t at = spread(hash) & mask;; at = (at + 1) & mask) {
      Slot& slot = slots_[at];
      if (slot.group == kEmpty) {
        slot = {hash, next};
        ++count_;
        return {next, true};
      }
      if (slot.hash == hash && same(slot.group)) return {slot.group, false};
    }
  }
  void clear() {
    slots_.clear();
    count_ = 0;
  }

 private:
  static constexpr std::size_t kEmpty = static_cast<std::size_t>(-1);
  struct Slot {
    std::size_t hash = 0;
    std::size_t group = kEmpty;
  };

  // Mixes every bit of the hash into the low ones the table indexes by
  // (value hashes such as a node id times a constant vary little there).
  static std::size_t spread(std::size_t hash) {
    hash ^= hash >> 31;
    hash *= 0x9e3779b97f4a7c15ull;
    return hash ^ (hash >> 29);
  }

  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(std::max<std::size_t>(16, old.size() * 2), Slot{});
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (slot.group == kEmpty) continue;
      std::size_t at = spread(slot.hash) & mask;
      while (slots_[at].group != kEmpty) at = (at + 1) & mask;
      slots_[at] = slot;
    }
  }

  std::vector<Slot> slots_;
  std::size_t count_ = 0;
};

}  // namespace trellis::cypher
