// The row slots an expression reads, so the planner can run a predicate as
// soon as the operators below it have bound them.
#pragma once

#include <set>

#include "binder/bound_query.hpp"

namespace trellis::cypher {

void collect_slots(const Expr& expr, std::set<Slot>& out);
// The conjuncts of an AND tree, moved out of it.
void split_conjuncts(ExprPtr expr, std::vector<ExprPtr>& out);

}  // namespace trellis::cypher
