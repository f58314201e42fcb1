// The X3 grammar of the read-only Cypher subset, as one rule per construct.
// Semantic actions build the public AST (ast/query.hpp) directly; no Spirit
// or Fusion type leaves parser/. Internal to parser/: parse_cypher
// (parse_cypher.cpp) is the only user.
#pragma once

#include <string_view>

#include "parser/parse_state.hpp"
#include "trellis/cypher/ast/query.hpp"

namespace trellis::cypher::parser {

// Parses the whole of `text` (one statement, optional ';') into `out`.
// Throws x3::expectation_failure<Iterator> or SyntaxError on a syntax error;
// returns false when the text does not start with a statement at all.
// Write clauses are kept as ast::WriteClause: refusing them is the caller's.
bool parse_statement(std::string_view text, ParseState& state, ast::Statement& out);

}  // namespace trellis::cypher::parser
