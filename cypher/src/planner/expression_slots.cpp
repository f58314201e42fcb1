#include "planner/expression_slots.hpp"

namespace trellis::cypher {

void collect_slots(const Expr& expr, std::set<Slot>& out) {
  if (expr.kind == ExprKind::Variable || expr.kind == ExprKind::Aggregate) out.insert(expr.slot);
  const bool pattern = expr.kind == ExprKind::PatternExists || expr.kind == ExprKind::PatternCount;
  if (pattern) {
    for (const BoundNodePattern& node : expr.pattern->nodes) {
      if (!node.name.empty() && !node.local) out.insert(node.slot);
    }
  }
  std::set<Slot> inner;
  for (const auto& arg : expr.args) {
    if (arg) collect_slots(*arg, inner);
  }
  if (expr.kind == ExprKind::Comprehension) inner.erase(expr.slot);
  if (pattern) {  // what the pattern binds itself is no read of the enclosing row
    for (const BoundNodePattern& node : expr.pattern->nodes) {
      if (node.local) inner.erase(node.slot);
    }
    for (const BoundRelPattern& rel : expr.pattern->rels) inner.erase(rel.slot);
  }
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
