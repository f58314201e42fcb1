// The executor's pull operators. A plan is a tree of them; the root is
// pulled with next() until it returns false. All operators of a single query
// share one Row: an operator writes only its own slots, so the rows of the
// operators below stay intact while it loops (nested loops without copies).
// open() resets an operator and its children for a new run (subplans of
// OPTIONAL MATCH and pattern predicates are reopened per outer row).
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "executor/exec_context.hpp"

namespace trellis::cypher {

struct Expr;
struct ExpandSpec;
struct DegreeSpec;

// What a row operator does, read by the batched planner (batch/batch_plan.hpp)
// to build the same pipeline over batches. Other: no batched form.
struct OperatorForm {
  // Lookup and Reach bind a node (`slot`) on every row they yield; the
  // batched planner reads their rows into batches as they are.
  enum class Kind { Other, Once, Scan, Expand, ExpandCount, Filter, Lookup, Reach, Degree, Alias, Unwind } kind = Kind::Other;
  std::size_t slot = static_cast<std::size_t>(-1);  // Scan, Lookup, Reach (kNoSlot: binds none), Unwind
  const Expr* list = nullptr;                         // Unwind: the list unwound into `slot`
  const std::vector<Label>* labels = nullptr;         // Scan
  const ExpandSpec* expand = nullptr;                 // Expand, ExpandCount
  const Expr* predicate = nullptr;                    // Filter
  const DegreeSpec* degree = nullptr;                 // Degree (a pattern subquery's count off the CSR)
  // Alias: a projection (`WITH a, b AS c`): each pair of `aliases` (read,
  // written) is a variable passed on under a new slot.
  std::vector<std::pair<std::size_t, std::size_t>> aliases{};
  // Alias: the items that compute a value (`WITH f, size(f.name) AS s`),
  // each (expression, written); in the projection's order, with the
  // variables among them in `aliases`.
  std::vector<std::pair<const Expr*, std::size_t>> computed{};
};

class Operator {
 public:
  virtual ~Operator() = default;
  Operator() = default;
  Operator(const Operator&) = delete;
  Operator& operator=(const Operator&) = delete;

  void open(ExecContext& ctx) {
    if (child_) child_->open(ctx);
    do_open(ctx);
  }
  bool next(ExecContext& ctx, Row& row) {
    if (!ctx.profile()) return do_next(ctx, row);
    const auto start = std::chrono::steady_clock::now();
    const bool produced = do_next(ctx, row);
    elapsed_ += std::chrono::steady_clock::now() - start;
    if (produced) ++rows_;
    return produced;
  }

  // One line for EXPLAIN, e.g. "Expand (f)<-[:CALLS]-(g)".
  virtual std::string describe() const = 0;
  // Subplans shown under this operator besides its child (OPTIONAL MATCH).
  virtual std::vector<const Operator*> extra_children() const { return {}; }
  const Operator* child() const { return child_.get(); }
  std::size_t rows() const { return rows_; }
  // Time inside this operator and everything it pulled from.
  double elapsed_ms() const { return std::chrono::duration<double, std::milli>(elapsed_).count(); }

  void set_child(std::unique_ptr<Operator> child) { child_ = std::move(child); }
  std::unique_ptr<Operator> take_child() { return std::move(child_); }
  Operator* mutable_child() { return child_.get(); }
  virtual OperatorForm form() const { return {}; }

  // Counts the rows next() would still yield, at most `bound`, without
  // having to produce them (what a caller past its row limit needs for a
  // total). By default they are pulled with next() into `row`; an operator
  // that can count more cheaply, with the same rows and the same errors,
  // overrides it. Not for PROFILE (the rows are not counted per operator).
  virtual std::size_t count_rest(ExecContext& ctx, Row& row, std::size_t bound) {
    std::size_t counted = 0;
    while (counted < bound && next(ctx, row)) ++counted;
    return counted;
  }

 protected:
  // For operators that move rows in batches (batch/): what next() counts and times.
  void add_rows(std::size_t rows) { rows_ += rows; }
  void add_elapsed(std::chrono::steady_clock::duration elapsed) { elapsed_ += elapsed; }
  virtual void do_open(ExecContext&) {}
  virtual bool do_next(ExecContext& ctx, Row& row) = 0;
  Operator& input() { return *child_; }

 private:
  std::unique_ptr<Operator> child_;
  std::size_t rows_ = 0;
  std::chrono::steady_clock::duration elapsed_{};
};

using OperatorPtr = std::unique_ptr<Operator>;

// The plan as an indented tree; with rows and time per operator when
// `profiled`.
std::string plan_text(const Operator& root, bool profiled);

}  // namespace trellis::cypher
