// A read-only view of the full-text index a store carries (the search.*
// arrays of StoreParts): the vocabulary in byte order, each term's postings
// with per-field counts, and each node's field lengths for BM25F. It
// copies nothing: a mapped snapshot is read in place.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "trellis/search/search_field.hpp"
#include "trellis/store/store_parts.hpp"

namespace trellis::search {

class SearchIndex {
 public:
  explicit SearchIndex(const StoreParts& parts) : parts_(parts) {}

  std::size_t term_count() const {
    return parts_.search_term_offsets.empty() ? 0 : parts_.search_term_offsets.size() - 1;
  }
  // The bytes of all terms together.
  std::size_t term_bytes() const { return parts_.search_term_blob.size(); }
  std::string_view term(std::size_t t) const {
    const auto offsets = parts_.search_term_offsets.span();
    return {parts_.search_term_blob.data() + offsets[t], offsets[t + 1] - offsets[t]};
  }
  // The term `word` is, by binary search; nullopt when no definition has it.
  std::optional<std::uint32_t> find(std::string_view word) const;

  // The nodes that have term t (ascending) and their packed field counts.
  std::span<const NodeId> nodes(std::uint32_t t) const {
    return parts_.search_posting_nodes.span().subspan(first(t), count(t));
  }
  std::span<const std::uint32_t> counts(std::uint32_t t) const {
    return parts_.search_posting_counts.span().subspan(first(t), count(t));
  }

  // How many words `node` has in `field` (0 for nodes not indexed).
  std::uint32_t field_length(NodeId node, SearchField field) const {
    const auto lengths = parts_.search_field_lengths.span();
    const std::size_t at = static_cast<std::size_t>(node) * kSearchFieldCount + index_of(field);
    return at < lengths.size() ? lengths[at] : 0;
  }
  // How many nodes have any word, and the average length of a field over them.
  std::uint64_t indexed_nodes() const { return parts_.search_totals.empty() ? 0 : parts_.search_totals[0]; }
  double average_length(SearchField field) const;

 private:
  std::size_t first(std::uint32_t t) const { return parts_.search_posting_offsets[t]; }
  std::size_t count(std::uint32_t t) const {
    return parts_.search_posting_offsets[t + 1] - parts_.search_posting_offsets[t];
  }

  const StoreParts& parts_;
};

}  // namespace trellis::search
