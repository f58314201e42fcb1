// Pages of the capped list answers (CONTRACT.md: every capped answer takes
// an offset): rows [offset, offset + kMaxResults) of a list in its stable
// order, so that paging through it loses and repeats no row.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "trellis/queries/structural_queries.hpp"

namespace trellis::queries {

// How many rows, from the start of a list's order, fill the page at `offset`.
inline std::size_t page_end(std::size_t offset) { return offset + kMaxResults; }

// Keeps the page of `rows` (in the list's order, from its start) at `offset`.
template <class T>
void keep_page(std::vector<T>& rows, std::size_t offset) {
  const std::size_t first = std::min(offset, rows.size());
  const std::size_t last = std::min(first + kMaxResults, rows.size());
  rows.erase(rows.begin() + static_cast<std::ptrdiff_t>(last), rows.end());
  rows.erase(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(first));
}

// Keeps the page at `offset` of two lists read one after the other (an
// answer's first list, then its second): each keeps its rows of that page.
template <class A, class B>
void keep_page(std::vector<A>& first, std::vector<B>& second, std::size_t offset) {
  const std::size_t in_first = std::min(offset, first.size());
  keep_page(first, offset);
  const std::size_t room = kMaxResults - first.size();
  keep_page(second, offset - in_first);
  if (second.size() > room) second.erase(second.begin() + static_cast<std::ptrdiff_t>(room), second.end());
}

// The count of the page of `rows` rows at `offset` in a list of `total`.
inline ResultCount page_count(std::size_t total, std::size_t offset, std::size_t rows) {
  return {total, offset + rows < total, offset};
}

}  // namespace trellis::queries
