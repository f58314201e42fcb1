// Where a piece of the AST starts in the query text, so the binder can point
// a semantic error at it (CYPHER_SEMANTIC_ERROR) the way the parser points a
// syntax error (CYPHER_SYNTAX_ERROR).
#pragma once

#include <cstdint>
#include <string>

namespace trellis::cypher::ast {

struct SourcePosition {
  std::uint32_t line = 1;    // 1-based
  std::uint32_t column = 1;  // 1-based, in bytes
  std::uint32_t offset = 0;  // 0-based byte offset into the statement text
};

// A name as written (backticks removed), with where it was written: labels,
// relationship types, variables introduced by patterns, aliases, property keys.
struct Name {
  std::string text;
  SourcePosition position;
};

}  // namespace trellis::cypher::ast
