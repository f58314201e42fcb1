// Expressions over a batch: each row of a column evaluated in one loop
// (column reads of node properties, comparisons, arithmetic, AND / OR /
// NOT, label tests, IN over a literal list, null tests), with the same
// values and null semantics as the row evaluator (executor/expression_eval).
// Anything else (functions, lists, maps, pattern predicates, mixed types)
// is evaluated row by row by the row evaluator over the batch's row, so
// every expression compiles. Evaluation takes an optional selection: only
// those rows are computed (AND / OR evaluate their right side only where
// the left one leaves the answer open, as the row evaluator does).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "batch/batch.hpp"
#include "batch/vec.hpp"

namespace trellis::cypher {

struct VecInput {
  const Batch& batch;
  ExecContext& ctx;
  Row& scratch;  // a row of every slot, for what runs row by row
  const std::vector<std::uint32_t>* selection = nullptr;  // null: every row

  // f(i) for each selected row i (a plain loop when every row is).
  template <class F>
  void each(F&& f) const {
    if (selection != nullptr) {
      for (const std::uint32_t i : *selection) f(i);
    } else {
      for (std::uint32_t i = 0, n = static_cast<std::uint32_t>(batch.size); i < n; ++i) f(i);
    }
  }
};

class VecExpr {
 public:
  explicit VecExpr(VecKind kind) : kind_(kind) {}
  virtual ~VecExpr() = default;
  VecExpr(const VecExpr&) = delete;
  VecExpr& operator=(const VecExpr&) = delete;

  VecKind kind() const { return kind_; }
  // Str values carry the store's string id (equal ids: equal text).
  bool interned() const { return interned_; }
  // Evaluates the selected rows into the result and returns it.
  const Vec& eval(VecInput& in) {
    prepare(in.batch.size);
    run(in, out_);
    return out_;
  }
  // Whether the expression runs row by row (nothing gained over the row path).
  virtual bool row_by_row() const { return false; }
  // The reader of an interned() result reads only its ids: a column read
  // need not look its texts up (Vec::strs stays unset).
  virtual void ids_only() {}
  // The value every row has when the expression is a literal, else null.
  virtual const Value* constant() const { return nullptr; }

 protected:
  virtual void run(VecInput& in, Vec& out) = 0;
  void set_interned() { interned_ = true; }

 private:
  void prepare(std::size_t rows);

  VecKind kind_;
  bool interned_ = false;
  Vec out_;
};
using VecExprPtr = std::unique_ptr<VecExpr>;

// Over batches of `layout` (the slots the batch has columns for).
VecExprPtr compile_vector(const Expr& expr, const BatchLayout& layout);

// The index of each row's label (the node of `slot`) or type (the
// relationship of `slot`), as an Int column.
VecExprPtr compile_shape_index(Slot slot, bool relationship);

// order_compare(vec_value(vec, kind, i), value) without building the value
// for the common kinds.
int vec_order_compare(const Vec& vec, VecKind kind, std::size_t i, const Value& value);

}  // namespace trellis::cypher
