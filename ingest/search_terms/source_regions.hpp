// Splits a source file into code, comments and string literals by its
// language's lexical syntax, without parsing it: Python's `#` comments and
// '…', "…", '''…''', """…""" strings (prefix letters are code, and too
// short to be words); the C family's (TypeScript, JavaScript, Go, Java,
// C#) `//` and `/* */` comments and '…', "…" and `…` strings. One pass over
// the bytes, counting lines. Full-text search weighs each kind apart.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "search_terms/byte_classes.hpp"

namespace trellis::ingest::search_terms {

enum class RegionKind : std::uint8_t { Code, Comment, String };

enum class CommentSyntax : std::uint8_t { Hash, Slash };

// The syntax of a language as FileFacts::language names it.
inline CommentSyntax comment_syntax(std::string_view language) {
  return language == "python" ? CommentSyntax::Hash : CommentSyntax::Slash;
}

namespace detail {

inline std::uint32_t count_lines(std::string_view text) {
  return static_cast<std::uint32_t>(std::count(text.begin(), text.end(), '\n'));
}

// Where a one-quote string starting at `at` (its opening quote) ends:
// after its closing quote; at its line's end when unterminated (only `…`
// strings span lines); at the end of the text.
inline std::size_t string_end(std::string_view text, std::size_t at) {
  const char quote = text[at];
  std::size_t i = at + 1;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\\') {
      i += 2;
      continue;
    }
    if (c == quote) return i + 1;
    if (c == '\n' && quote != '`') return i;
    ++i;
  }
  return text.size();
}

// Where the comment or string starting at `at` ends, with its kind; 0 when
// none starts there.
inline std::size_t region_end(std::string_view text, std::size_t at, CommentSyntax syntax, RegionKind& kind) {
  const char c = text[at];
  const char next = at + 1 < text.size() ? text[at + 1] : '\0';
  const auto until = [&](std::string_view close, std::size_t from) {
    const std::size_t found = text.find(close, from);
    return found == std::string_view::npos ? text.size() : found + close.size();
  };
  if ((syntax == CommentSyntax::Hash && c == '#') || (syntax == CommentSyntax::Slash && c == '/' && next == '/')) {
    kind = RegionKind::Comment;
    return std::min(text.find('\n', at), text.size());
  }
  if (syntax == CommentSyntax::Slash && c == '/' && next == '*') {
    kind = RegionKind::Comment;
    return until("*/", at + 2);
  }
  if (c == '"' || c == '\'' || (c == '`' && syntax == CommentSyntax::Slash)) {
    kind = RegionKind::String;
    const std::string_view triple = text.substr(at, 3);
    if (syntax == CommentSyntax::Hash && (triple == "\"\"\"" || triple == "'''")) return until(triple, at + 3);
    return string_end(text, at);
  }
  return 0;
}

}  // namespace detail

// Calls visit(RegionKind, std::string_view text, std::uint32_t line) for
// each region, in order, `line` (1-based) being where it starts; visit
// returns the number of line breaks in `text` (it reads every byte of it
// anyway, so the lines are not counted in a pass of their own). Regions
// cover the whole text; an unterminated comment or string runs to the end
// of the text.
template <class Visit>
void for_each_region(std::string_view text, CommentSyntax syntax, Visit&& visit) {
  std::uint32_t line = 1;
  std::size_t code_start = 0;
  const auto emit = [&](RegionKind kind, std::size_t from, std::size_t to) {
    if (to <= from) return;
    line += visit(kind, text.substr(from, to - from), line);
  };
  // Most bytes start no region: the scan for those that can reads through
  // locals (`text` itself is captured by reference, so reread each byte).
  const char* const bytes = text.data();
  const std::size_t size = text.size();
  std::size_t i = 0;
  while (i < size) {
    while (i < size && !has_class(bytes[i], kRegionStart)) ++i;
    if (i == size) break;
    RegionKind kind = RegionKind::Code;
    const std::size_t end = detail::region_end(text, i, syntax, kind);
    if (end == 0) {
      ++i;
      continue;
    }
    emit(RegionKind::Code, code_start, i);
    emit(kind, i, end);
    i = end;
    code_start = end;
  }
  emit(RegionKind::Code, code_start, text.size());
}

}  // namespace trellis::ingest::search_terms
