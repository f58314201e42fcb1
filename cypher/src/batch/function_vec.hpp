// Scalar functions (functions/) over a batch's columns.
#pragma once

#include <vector>

#include "batch/vector_expr.hpp"

namespace trellis::cypher {

// The call `expr` (ExprKind::Function) over its arguments' batched forms,
// or null when the function's value kind for them is not known (the
// caller then runs the call row by row).
VecExprPtr compile_function(const Expr& expr, std::vector<VecExprPtr> args);

}  // namespace trellis::cypher
