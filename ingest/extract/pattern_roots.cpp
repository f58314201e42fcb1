#include "pattern_roots.hpp"

#include <cstring>

namespace trellis::ingest {
namespace {

bool is_name_char(char c) {
  return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// The node type a pattern's text starts with, or "" when it starts with
// anything else.
std::string_view root_type(std::string_view pattern) {
  std::size_t at = 0;
  while (at < pattern.size()) {  // whitespace and `;` comments
    if (pattern[at] == ';') {
      while (at < pattern.size() && pattern[at] != '\n') ++at;
    } else if (pattern[at] == ' ' || pattern[at] == '\t' || pattern[at] == '\n' || pattern[at] == '\r') {
      ++at;
    } else {
      break;
    }
  }
  if (at >= pattern.size() || pattern[at] != '(') return {};
  const std::size_t start = ++at;
  while (at < pattern.size() && is_name_char(pattern[at])) ++at;
  const std::string_view name = pattern.substr(start, at - start);
  const bool plain = at < pattern.size() && pattern[at] != '/' && name != "_";
  return plain ? name : std::string_view{};
}

}  // namespace

PatternRoots::PatternRoots(const TSQuery* query, std::string_view text, const TSLanguage* language)
    : by_symbol_(ts_language_symbol_count(language), 0) {
  const std::uint32_t patterns = ts_query_pattern_count(query);
  for (std::uint32_t p = 0; p < patterns; ++p) {
    const std::uint32_t start = ts_query_start_byte_for_pattern(query, p);
    const std::string_view name = root_type(start < text.size() ? text.substr(start) : std::string_view{});
    bool found = false;
    for (std::size_t symbol = 0; symbol < by_symbol_.size() && !name.empty(); ++symbol) {
      const auto s = static_cast<TSSymbol>(symbol);
      const char* symbol_name = ts_language_symbol_name(language, s);
      if (ts_language_symbol_type(language, s) == TSSymbolTypeRegular && symbol_name != nullptr &&
          name == symbol_name) {
        by_symbol_[symbol] = 1;
        found = true;
      }
    }
    if (!found) all_plain_ = false;
  }
}

}  // namespace trellis::ingest
