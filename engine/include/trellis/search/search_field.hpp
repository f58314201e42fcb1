// The fields of a definition full-text search weighs apart (BM25F): its
// name, the rest of its qualified name (module path and enclosing
// definitions), its documentation (docstring, doc comments and the
// comments in its body), its decorators, and the identifiers and
// string-literal words of its body. A posting packs the term's count in
// each field into one 32-bit word, 6 bits per field, saturating at 63
// (BM25 saturates long before).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace trellis::search {

enum class SearchField : std::uint8_t { Name, Path, Doc, Decorator, Body };
inline constexpr std::size_t kSearchFieldCount = 5;
inline constexpr std::array<std::string_view, kSearchFieldCount> kSearchFieldNames = {"name", "path", "doc",
                                                                                      "decorator", "body"};

inline constexpr std::size_t index_of(SearchField field) { return static_cast<std::size_t>(field); }

inline constexpr std::uint32_t kFieldCountBits = 6;
inline constexpr std::uint32_t kMaxFieldCount = (1u << kFieldCountBits) - 1;

inline constexpr std::uint32_t field_count(std::uint32_t packed, SearchField field) {
  return (packed >> (kFieldCountBits * index_of(field))) & kMaxFieldCount;
}

// `packed` with `add` more occurrences in `field`, saturating at kMaxFieldCount.
inline constexpr std::uint32_t add_field_count(std::uint32_t packed, SearchField field, std::uint32_t add) {
  const std::uint32_t current = field_count(packed, field);
  const std::uint32_t next = current + add > kMaxFieldCount ? kMaxFieldCount : current + add;
  const std::uint32_t shift = kFieldCountBits * static_cast<std::uint32_t>(index_of(field));
  return (packed & ~(kMaxFieldCount << shift)) | (next << shift);
}

}  // namespace trellis::search
