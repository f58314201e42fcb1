#include "trellis/search/search_index.hpp"

namespace trellis::search {

std::optional<std::uint32_t> SearchIndex::find(std::string_view word) const {
  std::size_t low = 0;
  std::size_t high = term_count();
  while (low < high) {
    const std::size_t mid = low + (high - low) / 2;
    if (term(mid) < word) {
      low = mid + 1;
    } else {
      high = mid;
    }
  }
  if (low < term_count() && term(low) == word) return static_cast<std::uint32_t>(low);
  return std::nullopt;
}

double SearchIndex::average_length(SearchField field) const {
  const std::uint64_t nodes = indexed_nodes();
  if (nodes == 0) return 0.0;
  return static_cast<double>(parts_.search_totals[1 + index_of(field)]) / static_cast<double>(nodes);
}

}  // namespace trellis::search
