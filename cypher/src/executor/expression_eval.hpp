// Evaluating bound expressions against the current row, with Cypher's
// null semantics: arithmetic and comparisons with null give null, AND / OR
// / XOR / NOT are three-valued, a WHERE keeps a row only when its
// predicate is true.
#pragma once

#include "binder/bound_query.hpp"
#include "executor/exec_context.hpp"

namespace trellis::cypher {

Value evaluate(const Expr& expr, Row& row, ExecContext& ctx);
// The predicate is true (not false, not null).
bool is_true(const Expr& expr, Row& row, ExecContext& ctx);

// The subplans of the pattern predicates inside `expr`, outermost first in
// reading order (the planner builds them); an operator evaluating `expr`
// lists them as extra children, so EXPLAIN and PROFILE show them.
std::vector<const Operator*> subplans(const Expr& expr);
// The same, appended to `out` (an operator listing those of several expressions).
void add_subplans(const Expr& expr, std::vector<const Operator*>& out);

// `a + b`, `a - b`, ... on values; INVALID_ARGUMENT for types that do not
// combine (integer overflow and division by zero too).
Value arithmetic(std::string_view op, const Value& a, const Value& b);

}  // namespace trellis::cypher
