#include "shared_names.hpp"

#include <algorithm>
#include <bit>
#include <utility>

namespace trellis {

std::vector<std::uint64_t> shared_qualified_names(const StoreParts& parts) {
  const std::size_t count = parts.qname_prefix.size();
  std::vector<std::uint64_t> shared((count + 63) / 64, 0);
  const auto pair_of = [&](std::size_t node) {
    return (std::uint64_t{parts.qname_prefix[node]} << 32) | parts.qname_suffix[node];
  };
  // About 16 filter bits per node (2 MB per bitmap at a million nodes).
  const int bits = std::clamp(static_cast<int>(std::bit_width(count)) + 4, 10, 27);
  const auto slot_of = [&](std::uint64_t pair) {
    return static_cast<std::size_t>((pair * 0x9E3779B97F4A7C15ull) >> (64 - bits));
  };
  const std::size_t words = (std::size_t{1} << bits) / 64;
  std::vector<std::uint64_t> once(words, 0);
  std::vector<std::uint64_t> again(words, 0);
  for (std::size_t node = 0; node < count; ++node) {
    const std::size_t slot = slot_of(pair_of(node));
    const std::uint64_t bit = std::uint64_t{1} << (slot & 63);
    if ((once[slot >> 6] & bit) != 0) again[slot >> 6] |= bit;
    once[slot >> 6] |= bit;
  }
  std::vector<std::pair<std::uint64_t, std::uint32_t>> candidates;
  for (std::size_t node = 0; node < count; ++node) {
    const std::uint64_t pair = pair_of(node);
    const std::size_t slot = slot_of(pair);
    if (((again[slot >> 6] >> (slot & 63)) & 1u) != 0) candidates.emplace_back(pair, static_cast<std::uint32_t>(node));
  }
  std::sort(candidates.begin(), candidates.end());
  for (std::size_t i = 0; i < candidates.size();) {
    std::size_t j = i + 1;
    while (j < candidates.size() && candidates[j].first == candidates[i].first) ++j;
    if (j - i > 1) {
      for (std::size_t k = i; k < j; ++k) shared[candidates[k].second >> 6] |= std::uint64_t{1} << (candidates[k].second & 63);
    }
    i = j;
  }
  return shared;
}

}  // namespace trellis
