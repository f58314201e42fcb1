// What the grammar's semantic actions share during one parse: the text (to
// turn iterators into line/column positions) and the current nesting depth.
// Internal to parser/.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/cypher/ast/source_position.hpp"

namespace trellis::cypher::parser {

using Iterator = const char*;

// A syntax error found by an action or a directive (a literal out of range,
// nesting too deep), thrown to the top of parse_cypher like X3's
// expectation_failure. `message` is the complete sentence without position.
struct SyntaxError {
  std::uint32_t offset;
  std::string message;
};

class ParseState {
 public:
  explicit ParseState(std::string_view text) : text_(text) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n') line_starts_.push_back(static_cast<std::uint32_t>(i + 1));
    }
  }

  ast::SourcePosition position_of(Iterator it) const {
    const auto offset = offset_of(it);
    const auto next_line = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    const auto line = static_cast<std::uint32_t>(next_line - line_starts_.begin());
    return ast::SourcePosition{line, offset - line_starts_[line - 1] + 1, offset};
  }

  std::uint32_t offset_of(Iterator it) const {
    return static_cast<std::uint32_t>(it - text_.data());
  }

  // The text between two positions (a projection's expression as written).
  std::string_view text_between(const ast::SourcePosition& begin,
                                const ast::SourcePosition& end) const {
    return text_.substr(begin.offset, end.offset - begin.offset);
  }

  std::size_t depth = 0;  // nest[] directives currently entered
  // Levels of the expression tree above the one being built: nest[] levels
  // plus the operators folded so far in each enclosing chain[].
  std::size_t height = 0;
  // Inside a MATCH pattern (and not inside an expression within it): a node
  // or relationship that starts must finish, so strict[] reports what is
  // missing. Elsewhere a pattern may be a speculative parse (`(a)` in an
  // expression) that has to fail quietly.
  bool strict_patterns = false;

 private:
  std::string_view text_;
  std::vector<std::uint32_t> line_starts_;  // offset of each line's first byte
};

}  // namespace trellis::cypher::parser
