// The Cypher front end: text in, typed AST (ast/query.hpp) out.
//
// parse_cypher parses exactly one statement (an optional trailing ';' is
// allowed) of the read-only subset of issue 5 with a Boost.Spirit X3 grammar.
// Keywords are case-insensitive; identifiers may be backticked; `//` and
// `/* */` comments are skipped; strings take \\ \' \" \n \t \r \b \f \uXXXX
// escapes; integers may be decimal or hexadecimal (0x1F).
//
// Errors (never exceptions):
//   CYPHER_SYNTAX_ERROR  the text is not in the grammar, or clauses are out of
//                        order (a query ends with one RETURN). `position` holds
//                        the 1-based line and column; the message says what was
//                        expected there and what was found, e.g.
//                        "expected ')' at line 1, column 12, found 'RETURN'".
//                        A word that is no keyword where the grammar stopped
//                        carries the nearest keywords as `suggestions`
//                        (`RETRUN` -> RETURN).
//                        Nesting deeper than kMaxNestingDepth, or an expression
//                        taller than kMaxExpressionHeight, is refused this way
//                        too, so no input can exhaust the stack (parsing it, or
//                        walking or destroying the AST it would give).
//   READ_ONLY            the statement contains a write clause (CREATE, MERGE,
//                        SET, DELETE, DETACH DELETE, REMOVE, LOAD CSV, CALL,
//                        FOREACH) where a clause may start; the message names it.
//                        Only clause positions count: `RETURN 'CREATE'` and a
//                        property called `deleted` are ordinary reads.
// Semantic checks (unknown labels, variables, functions) are the binder's.
#pragma once

#include <cstddef>
#include <string_view>

#include "trellis/common/error.hpp"
#include "trellis/cypher/ast/query.hpp"

namespace trellis::cypher {

// Parentheses, brackets, braces, CASE and function calls nested deeper than
// this are a syntax error.
inline constexpr std::size_t kMaxNestingDepth = 64;

// Operators chained at one level (`a + b + ...`, `x.a.b...`, `l[0][1]...`)
// build left-deep trees; chains plus nesting may make an expression at most
// this many levels tall. Code walking an accepted AST recursively needs
// stack for about this many levels (plus a few per nesting level).
inline constexpr std::size_t kMaxExpressionHeight = 1000;

Result<ast::Statement> parse_cypher(std::string_view text);

}  // namespace trellis::cypher
