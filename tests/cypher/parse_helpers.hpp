// Test helpers: a statement or one expression parsed and printed as the AST's
// canonical S-expression (ast/printer.hpp), or the error as "CODE: message".
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "trellis/cypher/ast/printer.hpp"
#include "trellis/cypher/parser.hpp"

namespace trellis::cypher::test {

inline std::string error_text(const Error& error) {
  return std::string(to_string(error.code)) + ": " + error.message;
}

inline std::string parsed(std::string_view text) {
  auto result = parse_cypher(text);
  if (!result) return error_text(result.error());
  return ast::to_sexpr(*result);
}

// The expression of `RETURN <text>`.
inline std::string expression(std::string_view text) {
  auto result = parse_cypher("RETURN " + std::string(text));
  if (!result) return error_text(result.error());
  const auto& clause = std::get<ast::Return>(result->query.first.clauses.front());
  return ast::to_sexpr(clause.projection.items.front().expression);
}

// The pattern of `MATCH <text> RETURN 1`.
inline std::string pattern(std::string_view text) {
  auto result = parse_cypher("MATCH " + std::string(text) + " RETURN 1");
  if (!result) return error_text(result.error());
  return ast::to_sexpr(std::get<ast::Match>(result->query.first.clauses.front()).pattern);
}

}  // namespace trellis::cypher::test
