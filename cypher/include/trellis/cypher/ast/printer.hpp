// A canonical S-expression of any AST piece, for tests, debugging and error
// messages. One space between items, no positions, strings quoted with
// backslash escapes. Examples:
//   a + b * 2            (+ (var a) (* (var b) (int 2)))
//   (a:A|B)-[:T*1..]->() (element (node a (labels (A B))) (rel -> (types T) (len 1 -)) (node))
//   RETURN DISTINCT x AS y ORDER BY y DESC LIMIT 3
//     (query (return distinct (item (var x) "x" y) (order (desc (var y))) (limit (int 3))))
// The exact grammar of the output is what tests/cypher/parser_*.cpp expect.
#pragma once

#include <string>

#include "trellis/cypher/ast/query.hpp"

namespace trellis::cypher::ast {

std::string to_sexpr(const Expression& expression);
std::string to_sexpr(const PatternElement& element);
std::string to_sexpr(const Pattern& pattern);
std::string to_sexpr(const Clause& clause);
std::string to_sexpr(const Statement& statement);

}  // namespace trellis::cypher::ast
