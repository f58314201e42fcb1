// Scalar functions (functions/), the arithmetic operators the batch has no
// loop of its own for, and CASE, over a batch's columns.
#pragma once

#include <vector>

#include "batch/vector_expr.hpp"
#include "executor/runtime_error.hpp"

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

// A batched form of `expr` whose parts are evaluated column by column:
// when anything fails, the rows are replayed by the row evaluator
// (replay_rows), so the error raised is the row evaluator's.
class ReplayingVec : public VecExpr {
 public:
  ReplayingVec(const Expr& expr, VecKind kind) : VecExpr(kind), expr_(expr) {}

 protected:
  void run(VecInput& in, Vec& out) final {
    try {
      compute(in, out);
    } catch (const RuntimeError&) {
      replay_rows(expr_, in);
      throw;
    }
  }
  virtual void compute(VecInput& in, Vec& out) = 0;
  const Expr& expr() const { return expr_; }

 private:
  const Expr& expr_;
};

}  // namespace trellis::cypher
