#include "pattern_roots.hpp"

#include <cstring>
#include <optional>

namespace trellis::ingest {
namespace {

bool is_name_char(char c) {
  return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool is_capture_char(char c) { return is_name_char(c) || c == '.' || c == '-'; }

// Skips whitespace and `;` comments from `at`.
std::size_t skip_blank(std::string_view text, std::size_t at) {
  while (at < text.size()) {
    if (text[at] == ';') {
      while (at < text.size() && text[at] != '\n') ++at;
    } else if (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r') {
      ++at;
    } else {
      break;
    }
  }
  return at;
}

// The node type a pattern's text starts with, or "" when it starts with
// anything else.
std::string_view root_type(std::string_view pattern) {
  std::size_t at = skip_blank(pattern, 0);
  if (at >= pattern.size() || pattern[at] != '(') return {};
  const std::size_t start = ++at;
  while (at < pattern.size() && is_name_char(pattern[at])) ++at;
  const std::string_view name = pattern.substr(start, at - start);
  const bool plain = at < pattern.size() && pattern[at] != '/' && name != "_";
  return plain ? name : std::string_view{};
}

// The capture name of a bare pattern (`(type) @name` and nothing more), or
// nullopt when `pattern` (its whole text) is anything else.
std::optional<std::string_view> bare_capture(std::string_view pattern) {
  std::size_t at = skip_blank(pattern, 0);
  if (at >= pattern.size() || pattern[at] != '(') return std::nullopt;
  ++at;
  while (at < pattern.size() && is_name_char(pattern[at])) ++at;
  at = skip_blank(pattern, at);
  if (at >= pattern.size() || pattern[at] != ')') return std::nullopt;
  at = skip_blank(pattern, at + 1);
  if (at >= pattern.size() || pattern[at] != '@') return std::nullopt;
  const std::size_t start = ++at;
  while (at < pattern.size() && is_capture_char(pattern[at])) ++at;
  const std::string_view capture = pattern.substr(start, at - start);
  if (capture.empty() || skip_blank(pattern, at) != pattern.size()) return std::nullopt;
  return capture;
}

std::optional<std::uint32_t> capture_id(const TSQuery* query, std::string_view name) {
  const std::uint32_t count = ts_query_capture_count(query);
  for (std::uint32_t id = 0; id < count; ++id) {
    std::uint32_t length = 0;
    const char* text = ts_query_capture_name_for_id(query, id, &length);
    if (std::string_view(text, length) == name) return id;
  }
  return std::nullopt;
}

}  // namespace

PatternRoots::PatternRoots(const TSQuery* query, std::string_view text, const TSLanguage* language)
    : by_symbol_(ts_language_symbol_count(language), 0), bare_(by_symbol_.size()) {
  std::vector<std::uint8_t> complex(by_symbol_.size(), 0);  // a pattern that is not bare starts there
  const std::uint32_t patterns = ts_query_pattern_count(query);
  for (std::uint32_t p = 0; p < patterns; ++p) {
    const std::uint32_t start = ts_query_start_byte_for_pattern(query, p);
    const std::uint32_t end = ts_query_end_byte_for_pattern(query, p);
    const std::string_view pattern =
        start < end && end <= text.size() ? text.substr(start, end - start) : std::string_view{};
    const std::string_view name = root_type(pattern);
    std::optional<std::uint32_t> bare;
    if (const auto capture = bare_capture(pattern)) bare = capture_id(query, *capture);
    bool found = false;
    for (std::size_t symbol = 0; symbol < by_symbol_.size() && !name.empty(); ++symbol) {
      const auto s = static_cast<TSSymbol>(symbol);
      const char* symbol_name = ts_language_symbol_name(language, s);
      if (ts_language_symbol_type(language, s) == TSSymbolTypeRegular && symbol_name != nullptr &&
          name == symbol_name) {
        by_symbol_[symbol] = 1;
        found = true;
        if (bare) {
          bare_[symbol].push_back({static_cast<std::uint16_t>(p), *bare});
        } else {
          complex[symbol] = 1;
        }
      }
    }
    if (!found) all_plain_ = false;
  }
  for (std::size_t symbol = 0; symbol < by_symbol_.size(); ++symbol) {
    if (by_symbol_[symbol] != 0 && complex[symbol] == 0) by_symbol_[symbol] = kOnlyBare;
  }
}

std::span<const PatternRoots::BarePattern> PatternRoots::bare_patterns(TSSymbol symbol) const {
  if (symbol >= bare_.size()) return {};
  return bare_[symbol];
}

}  // namespace trellis::ingest
