// Texts numbered in the order they are first seen (a grouping key of
// computed texts, `f.file_path + ':' + f.name`): looked up by view with no
// allocation, each text stored once in one arena.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace trellis::cypher {

class TextNumbers {
 public:
  // The number of `text`, a new one (count() before) when it was not seen.
  std::uint32_t number(std::string_view text) {
    if ((count() + 1) * 2 > slots_.size()) grow();
    const std::uint64_t hash = std::hash<std::string_view>{}(text);
    for (std::size_t at = hash & mask_;; at = (at + 1) & mask_) {
      const std::uint32_t slot = slots_[at];
      if (slot == 0) {
        const auto number = static_cast<std::uint32_t>(count());
        arena_.append(text);
        starts_.push_back(arena_.size());
        hashes_.push_back(hash);
        slots_[at] = number + 1;
        return number;
      }
      if (hashes_[slot - 1] == hash && this->text(slot - 1) == text) return slot - 1;
    }
  }
  std::string_view text(std::uint32_t number) const {
    return std::string_view(arena_).substr(starts_[number], starts_[number + 1] - starts_[number]);
  }
  std::size_t count() const { return hashes_.size(); }

 private:
  void grow() {
    slots_.assign(slots_.empty() ? 64 : slots_.size() * 2, 0);
    mask_ = slots_.size() - 1;
    for (std::uint32_t n = 0; n < count(); ++n) {
      std::size_t at = hashes_[n] & mask_;
      while (slots_[at] != 0) at = (at + 1) & mask_;
      slots_[at] = n + 1;
    }
  }

  std::string arena_;                    // the texts one after another
  std::vector<std::size_t> starts_{0};   // by number, and the end of the last
  std::vector<std::uint64_t> hashes_;    // by number
  std::vector<std::uint32_t> slots_;     // number + 1, 0 empty
  std::size_t mask_ = 0;
};

}  // namespace trellis::cypher
