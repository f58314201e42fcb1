// Splits a source file into code, comments and string literals by its
// language's lexical syntax, without parsing it: Python's `#` comments and
// '…', "…", '''…''', """…""" strings (prefix letters are code, and too
// short to be words); the C family's (TypeScript, JavaScript, Go, Java,
// C#) `//` and `/* */` comments and '…', "…" and `…` strings. One pass over
// the bytes, counting lines, with the code's word runs read on the way.
// Full-text search weighs each kind apart.
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

// One pass over a source file's bytes: calls code_run(std::string_view
// run, std::uint32_t line) for each run of word bytes in code that does not
// start with a digit (a number), and region(RegionKind, std::string_view
// text, std::uint32_t line) for each comment and string, in order, `line`
// (1-based) being where each starts; `region` returns the number of line
// breaks in its text (it reads every byte of it anyway). An unterminated
// comment or string runs to the end of the text.
template <class CodeRun, class Region>
void for_each_code_run_and_region(std::string_view text, CommentSyntax syntax, CodeRun&& code_run, Region&& region) {
  const char* const bytes = text.data();
  const std::size_t size = text.size();
  std::uint32_t line = 1;
  std::size_t i = 0;
  while (i < size) {
    const std::uint8_t classes = kByteClasses[static_cast<unsigned char>(bytes[i])];
    if ((classes & kWordByte) != 0) {
      const std::size_t start = i;
      while (++i < size && has_class(bytes[i], kWordByte)) {
      }
      if (bytes[start] < '0' || bytes[start] > '9') code_run(std::string_view(bytes + start, i - start), line);
      continue;
    }
    if ((classes & kRegionStart) != 0) {
      RegionKind kind = RegionKind::Code;
      const std::size_t end = detail::region_end(text, i, syntax, kind);
      if (end != 0) {
        line += region(kind, std::string_view(bytes + i, end - i), line);
        i = end;
        continue;
      }
    }
    line += (classes & kNewline) != 0 ? 1 : 0;
    ++i;
  }
}

}  // namespace trellis::ingest::search_terms
