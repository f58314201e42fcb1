// Scalar functions (functions/), the arithmetic operators the batch has no
// loop of its own for, and CASE, over a batch's columns.
#pragma once

#include <vector>

#include "batch/vector_expr.hpp"

namespace trellis::cypher {

// The call `expr` (ExprKind::Function, or an Arithmetic) over its
// arguments' batched forms, or null when its value kind for them is not
// known (the caller then runs it row by row).
VecExprPtr compile_function(const Expr& expr, std::vector<VecExprPtr> args);

// CASE over its parts' batched forms (`args` as expr.args), or null when
// its branches' values are not all of one kind (nulls aside). Each part is
// evaluated only on the rows that reach it, as the row evaluator does.
VecExprPtr compile_case(const Expr& expr, std::vector<VecExprPtr> args);

// Evaluates `expr` with the row evaluator on each of the input's rows: a
// batched form that failed calls it to raise the error the row evaluator
// meets first (the rows in order, each row's parts in order).
void replay_rows(const Expr& expr, VecInput& in);

}  // namespace trellis::cypher
