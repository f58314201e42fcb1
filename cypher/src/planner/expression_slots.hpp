// The row slots an expression reads, so the planner can run a predicate as
// soon as the operators below it have bound them.
#pragma once

#include <map>
#include <set>

#include "binder/bound_query.hpp"

namespace trellis::cypher {

void collect_slots(const Expr& expr, std::set<Slot>& out);
// The slots a clause reads: its expressions' reads and, for a MATCH, every
// variable of its patterns (bound ones among them).
void collect_clause_slots(const BoundClause& clause, std::set<Slot>& out);
// A copy of `expr` reading slot `to` wherever it read a slot `from` of
// `renamed`; null when `expr` holds what is not copied (a pattern
// subquery's plan, a comprehension's own variable).
ExprPtr copy_renaming_slots(const Expr& expr, const std::map<Slot, Slot>& renamed);
// The conjuncts of an AND tree, moved out of it.
void split_conjuncts(ExprPtr expr, std::vector<ExprPtr>& out);

}  // namespace trellis::cypher
