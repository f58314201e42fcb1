// The words full-text search indexes and looks up, from code or prose:
// identifiers split at underscores and case changes (parseHTTPResponse ->
// parse, http, response; snake_case -> snake, case), each word lowercased;
// runs that start with a digit are numbers and yield nothing.
// An identifier of several parts also yields itself, whole and lowercased
// (parsehttpresponse), so that a query naming it exactly matches it. Ingest
// (the per-definition terms) and the search query split text the same way,
// through this one function.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace trellis::search {

// Words shorter than this or longer than kMaxWordBytes are not indexed.
inline constexpr std::size_t kMinWordBytes = 2;
inline constexpr std::size_t kMaxWordBytes = 48;

namespace detail {

inline bool is_word_byte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
}
inline bool is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
inline bool is_lower(unsigned char c) { return (c >= 'a' && c <= 'z') || c >= 0x80; }
inline char lower(unsigned char c) { return is_upper(c) ? static_cast<char>(c - 'A' + 'a') : static_cast<char>(c); }

inline bool keep(std::size_t size) { return size >= kMinWordBytes && size <= kMaxWordBytes; }

// Splits one identifier run (word bytes only) into its parts.
template <class Emit>
void split_identifier(std::string_view run, std::string& buffer, Emit& emit, bool whole) {
  std::size_t parts = 0;
  std::size_t i = 0;
  while (i < run.size()) {
    while (i < run.size() && run[i] == '_') ++i;
    if (i == run.size()) break;
    const std::size_t start = i;
    ++i;
    while (i < run.size() && run[i] != '_') {
      const auto prev = static_cast<unsigned char>(run[i - 1]);
      const auto c = static_cast<unsigned char>(run[i]);
      // aB: a new word at B. ABc: a new word at B (HTTPResponse -> HTTP, Response).
      if (is_upper(c) && !is_upper(prev)) break;
      if (is_upper(prev) && is_upper(c) && i + 1 < run.size() && is_lower(static_cast<unsigned char>(run[i + 1]))) {
        break;
      }
      ++i;
    }
    ++parts;
    if (keep(i - start)) {
      buffer.clear();
      for (std::size_t k = start; k < i; ++k) buffer.push_back(lower(static_cast<unsigned char>(run[k])));
      emit(std::string_view(buffer));
    }
  }
  if (whole && parts > 1) {
    std::size_t first = 0;
    std::size_t last = run.size();
    while (first < last && run[first] == '_') ++first;
    while (last > first && run[last - 1] == '_') --last;
    if (keep(last - first)) {
      buffer.clear();
      for (std::size_t k = first; k < last; ++k) buffer.push_back(lower(static_cast<unsigned char>(run[k])));
      emit(std::string_view(buffer));
    }
  }
}

}  // namespace detail

// Calls emit(std::string_view word) for each word of `text`, in order. The
// view is valid only during the call. Without `whole`, identifiers of
// several parts yield their parts only (for matching consecutive words).
template <class Emit>
void for_each_word(std::string_view text, Emit&& emit, bool whole = true) {
  std::string buffer;
  std::size_t i = 0;
  while (i < text.size()) {
    if (!detail::is_word_byte(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < text.size() && detail::is_word_byte(static_cast<unsigned char>(text[i]))) ++i;
    if (text[start] >= '0' && text[start] <= '9') continue;  // a number, not a word
    detail::split_identifier(text.substr(start, i - start), buffer, emit, whole);
  }
}

}  // namespace trellis::search
