// Where in a file's definitions a byte of its source lies, and the source
// measures every extractor reports (lines of a point, lines of a file).
#pragma once

#include <tree_sitter/api.h>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest {

// Finds the innermost definition whose body holds a byte. `definitions` are
// in source order with their parents set; `body_starts[d]` is where the body
// of definition d begins (its header, such as a signature or decorators,
// belongs to the enclosing scope).
class ScopeFinder {
 public:
  ScopeFinder(std::span<const Definition> definitions, std::vector<std::uint32_t> body_starts)
      : definitions_(definitions), body_starts_(std::move(body_starts)) {}

  ScopeIndex scope_at(std::uint32_t byte) const {
    // The last definition starting at or before `byte`, then up its parents
    // until one's body holds it.
    auto it = std::upper_bound(definitions_.begin(), definitions_.end(), byte,
                               [](std::uint32_t b, const Definition& d) { return b < d.span.byte_start; });
    if (it == definitions_.begin()) return kModuleScope;
    auto index = static_cast<ScopeIndex>(std::distance(definitions_.begin(), it) - 1);
    while (index != kModuleScope && !(byte >= body_starts_[index] && byte < definitions_[index].span.byte_end)) {
      index = definitions_[index].parent;
    }
    return index;
  }

  std::span<const Definition> definitions() const { return definitions_; }

 private:
  std::span<const Definition> definitions_;
  std::vector<std::uint32_t> body_starts_;
};

// Lines are counted from 1.
inline std::uint32_t line_of(TSPoint point) { return point.row + 1; }

// The last line a node covers: one that ends at the start of a line (a
// node of broken input that swallowed a newline, the file's last one
// included) ends on the line before.
inline std::uint32_t last_line_of(TSNode node) {
  const TSPoint start = ts_node_start_point(node);
  const TSPoint end = ts_node_end_point(node);
  return end.column == 0 && end.row > start.row ? end.row : end.row + 1;
}

// The number of lines of `source` (a last line without a newline counts).
inline std::uint32_t count_lines(std::string_view source) {
  if (source.empty()) return 0;
  auto lines = static_cast<std::uint32_t>(std::count(source.begin(), source.end(), '\n'));
  return source.back() == '\n' ? lines : lines + 1;
}

}  // namespace trellis::ingest
