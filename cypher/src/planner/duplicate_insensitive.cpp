#include "planner/duplicate_insensitive.hpp"

#include <algorithm>

#include "planner/expression_slots.hpp"

namespace trellis::cypher {
bool ignores_repeats(const BoundProjection& projection) {
  if (projection.aggregates.empty()) return projection.distinct;
  return std::all_of(projection.aggregates.begin(), projection.aggregates.end(), [](const AggregateCall& call) {
    if (call.kind == AggregateKind::Min || call.kind == AggregateKind::Max) return true;
    return call.distinct && call.kind != AggregateKind::CountStar;
  });
}

std::optional<std::set<Slot>> reads_until_distinct(const std::vector<BoundClause>& clauses, std::size_t match) {
  std::set<Slot> reads;
  for (std::size_t c = match + 1; c < clauses.size(); ++c) {
    const BoundClause& clause = clauses[c];
    switch (clause.kind) {
      case BoundClause::Kind::Match:
      case BoundClause::Kind::Unwind:
        collect_clause_slots(clause, reads);
        break;
      case BoundClause::Kind::Projection: {
        const BoundProjection& p = clause.projection;
        collect_clause_slots(clause, reads);
        if (ignores_repeats(p)) return reads;
        // Aggregates count rows, SKIP and LIMIT take some of them; a RETURN ends the query.
        if (!p.aggregates.empty() || p.skip || p.limit || p.is_return) return std::nullopt;
        break;
      }
    }
  }
  return std::nullopt;
}

}  // namespace trellis::cypher
