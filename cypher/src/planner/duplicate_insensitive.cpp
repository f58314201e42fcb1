#include "planner/duplicate_insensitive.hpp"

#include <algorithm>

#include "planner/expression_slots.hpp"

namespace trellis::cypher {
namespace {

void projection_reads(const BoundProjection& p, std::set<Slot>& out) {
  for (const ProjectionItem& item : p.items) collect_slots(*item.expr, out);
  for (const AggregateCall& call : p.aggregates) {
    if (call.arg) collect_slots(*call.arg, out);
  }
  for (const SortKey& key : p.order_by) collect_slots(*key.expr, out);
  for (const ExprPtr* e : {&p.skip, &p.limit, &p.where}) {
    if (*e) collect_slots(**e, out);
  }
}

void match_reads(const BoundMatch& match, std::set<Slot>& out) {
  for (const BoundPatternPart& part : match.parts) {
    for (const BoundNodePattern& node : part.nodes) out.insert(node.slot);
    for (const BoundRelPattern& rel : part.rels) out.insert(rel.slot);
  }
  if (match.where) collect_slots(*match.where, out);
}

}  // namespace

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
      case BoundClause::Kind::Match: match_reads(clause.match, reads); break;
      case BoundClause::Kind::Unwind: collect_slots(*clause.unwind.list, reads); break;
      case BoundClause::Kind::Projection: {
        const BoundProjection& p = clause.projection;
        projection_reads(p, reads);
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
