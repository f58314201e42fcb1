#include <algorithm>

#include "batch/function_vec.hpp"
#include "executor/runtime_error.hpp"

namespace trellis::cypher {
namespace {

// CASE over a batch: each WHEN is evaluated on the rows no earlier WHEN
// took, each THEN on the rows its WHEN took, the ELSE on the rows left
// (the row evaluator's laziness: a part that would fail on rows that never
// reach it does not fail).
class CaseVec final : public ReplayingVec {
 public:
  CaseVec(const Expr& expr, VecKind kind, std::vector<VecExprPtr> args)
      : ReplayingVec(expr, kind), args_(std::move(args)) {
    std::size_t i = 0;
    if (expr.has_subject) subject_ = args_[i++].get();
    const std::size_t end = args_.size() - (expr.has_else ? 1 : 0);
    for (; i + 1 < end; i += 2) branches_.push_back({args_[i].get(), args_[i + 1].get()});
    if (expr.has_else) else_ = args_.back().get();
  }

 private:
  struct Branch {
    VecExpr* when;
    VecExpr* then;
  };

  void compute(VecInput& in, Vec& out) override {
    pending_.clear();
    in.each([&](std::uint32_t i) { pending_.push_back(i); });
    const Vec* subject = subject_ != nullptr ? &subject_->eval(in) : nullptr;
    for (const Branch& branch : branches_) {
      if (pending_.empty()) return;
      VecInput reach{in.batch, in.ctx, in.scratch, &pending_};
      const Vec& when = branch.when->eval(reach);
      hit_.clear();
      rest_.clear();
      for (const std::uint32_t i : pending_) (hits(subject, branch.when->kind(), when, i) ? hit_ : rest_).push_back(i);
      if (!hit_.empty()) take(*branch.then, in, hit_, out);
      pending_.swap(rest_);
    }
    if (pending_.empty()) return;
    if (else_ != nullptr) {
      take(*else_, in, pending_, out);
    } else {
      for (const std::uint32_t i : pending_) out.nulls[i] = 1;
    }
  }
  // Whether row i takes the branch: its WHEN is true, or equals the subject.
  bool hits(const Vec* subject, VecKind kind, const Vec& when, std::uint32_t i) const {
    if (subject == nullptr) return when.nulls[i] == 0 && when.ints[i] != 0;  // a Bool
    if (subject->nulls[i] != 0 || when.nulls[i] != 0) return false;
    return kind == VecKind::Int ? subject->ints[i] == when.ints[i] : subject->strs[i] == when.strs[i];
  }
  // The rows `rows` of `part` (evaluated on them only) into the result.
  void take(VecExpr& part, VecInput& in, const std::vector<std::uint32_t>& rows, Vec& out) {
    if (part.kind() == VecKind::Null) {
      for (const std::uint32_t i : rows) out.nulls[i] = 1;
      return;
    }
    VecInput some{in.batch, in.ctx, in.scratch, &rows};
    out.copy_rows(part.eval(some), kind(), &rows, in.batch.size);
  }

  std::vector<VecExprPtr> args_;
  VecExpr* subject_ = nullptr;
  std::vector<Branch> branches_;
  VecExpr* else_ = nullptr;
  std::vector<std::uint32_t> pending_;
  std::vector<std::uint32_t> hit_;
  std::vector<std::uint32_t> rest_;
};

}  // namespace

VecExprPtr compile_case(const Expr& expr, std::vector<VecExprPtr> args) {
  if (args.size() != expr.args.size() || args.empty()) return nullptr;
  std::size_t i = 0;
  std::optional<VecKind> compared;
  if (expr.has_subject) {
    compared = args[i++]->kind();
    if (*compared != VecKind::Int && *compared != VecKind::Str) return nullptr;
  }
  const std::size_t end = args.size() - (expr.has_else ? 1 : 0);
  std::vector<const VecExpr*> values;
  for (; i + 1 < end; i += 2) {
    if (args[i]->kind() != (compared ? *compared : VecKind::Bool)) return nullptr;
    values.push_back(args[i + 1].get());
  }
  if (i != end) return nullptr;
  if (expr.has_else) values.push_back(args.back().get());
  // One kind for every value (null literals aside).
  std::optional<VecKind> kind;
  for (const VecExpr* value : values) {
    const VecKind k = value->kind();
    if (k == VecKind::Null) continue;
    if (k == VecKind::Any || (kind && *kind != k)) return nullptr;
    kind = k;
  }
  if (!kind) return nullptr;
  return std::make_unique<CaseVec>(expr, *kind, std::move(args));
}

}  // namespace trellis::cypher
