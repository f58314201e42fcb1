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

void collect_clause_slots(const BoundClause& clause, std::set<Slot>& out) {
  switch (clause.kind) {
    case BoundClause::Kind::Match:
      for (const BoundPatternPart& part : clause.match.parts) {
        for (const BoundNodePattern& node : part.nodes) out.insert(node.slot);
        for (const BoundRelPattern& rel : part.rels) out.insert(rel.slot);
      }
      if (clause.match.where) collect_slots(*clause.match.where, out);
      break;
    case BoundClause::Kind::Unwind:
      collect_slots(*clause.unwind.list, out);
      break;
    case BoundClause::Kind::Projection: {
      const BoundProjection& p = clause.projection;
      for (const ProjectionItem& item : p.items) collect_slots(*item.expr, out);
      for (const AggregateCall& call : p.aggregates) {
        if (call.arg) collect_slots(*call.arg, out);
      }
      for (const SortKey& key : p.order_by) collect_slots(*key.expr, out);
      for (const ExprPtr* e : {&p.skip, &p.limit, &p.where}) {
        if (*e) collect_slots(**e, out);
      }
      break;
    }
  }
}

ExprPtr copy_renaming_slots(const Expr& expr, const std::map<Slot, Slot>& renamed) {
  if (expr.pattern || expr.plan || expr.kind == ExprKind::Comprehension || expr.kind == ExprKind::Aggregate) return nullptr;
  auto copy = std::make_unique<Expr>();
  copy->kind = expr.kind;
  copy->op = expr.op;
  copy->literal = expr.literal;
  copy->slot = expr.slot;
  if (expr.kind == ExprKind::Variable) {
    if (const auto to = renamed.find(expr.slot); to != renamed.end()) copy->slot = to->second;
  }
  copy->key = expr.key;
  copy->property = expr.property;
  copy->keys = expr.keys;
  copy->labels = expr.labels;
  copy->any_label = expr.any_label;
  copy->function = expr.function;
  copy->has_subject = expr.has_subject;
  copy->has_else = expr.has_else;
  copy->has_where = expr.has_where;
  copy->has_map = expr.has_map;
  copy->regex = expr.regex;
  copy->plan_writes_nothing = expr.plan_writes_nothing;
  copy->text = expr.text;
  for (const auto& arg : expr.args) {
    if (!arg) {
      copy->args.push_back(nullptr);
      continue;
    }
    ExprPtr inner = copy_renaming_slots(*arg, renamed);
    if (!inner) return nullptr;
    copy->args.push_back(std::move(inner));
  }
  return copy;
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
