#include "planner/expression_slots.hpp"

namespace trellis::cypher {

void collect_slots(const Expr& expr, std::set<Slot>& out) {
  if (expr.kind == ExprKind::Variable || expr.kind == ExprKind::Aggregate) out.insert(expr.slot);
  if (expr.kind == ExprKind::PatternExists) {
    for (const BoundNodePattern& node : expr.pattern->nodes) {
      if (!node.name.empty()) out.insert(node.slot);
    }
  }
  std::set<Slot> inner;
  for (const auto& arg : expr.args) {
    if (arg) collect_slots(*arg, inner);
  }
  if (expr.kind == ExprKind::Comprehension) inner.erase(expr.slot);
  out.insert(inner.begin(), inner.end());
}

void split_conjuncts(ExprPtr expr, std::vector<ExprPtr>& out) {
  if (!expr) return;
  if (expr->kind == ExprKind::And) {
    split_conjuncts(std::move(expr->args[0]), out);
    split_conjuncts(std::move(expr->args[1]), out);
    return;
  }
  out.push_back(std::move(expr));
}

}  // namespace trellis::cypher
