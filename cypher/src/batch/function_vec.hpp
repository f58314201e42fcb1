// Scalar functions (functions/) and the arithmetic operators the batch has
// no loop of its own for, over a batch's columns.
#pragma once

#include <vector>

#include "batch/vector_expr.hpp"

namespace trellis::cypher {

// The call `expr` (ExprKind::Function, or an Arithmetic) over its
// arguments' batched forms, or null when its value kind for them is not
// known (the caller then runs it row by row).
VecExprPtr compile_function(const Expr& expr, std::vector<VecExprPtr> args);

}  // namespace trellis::cypher
