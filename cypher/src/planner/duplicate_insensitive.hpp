// Whether the rows a MATCH produces matter only as a set: the projection
// its rows reach next is DISTINCT, or aggregates only with functions that
// ignore repeated values (count / collect / sum / avg DISTINCT, min, max).
// Clauses in between (MATCH, OPTIONAL MATCH, UNWIND, a WITH without
// aggregates, SKIP or LIMIT) pass rows on without counting them. The
// planner may then produce each distinct row once instead of once per way
// it was found (a variable-length pattern's ends instead of its paths).
#pragma once

#include <optional>
#include <set>

#include "binder/bound_query.hpp"

namespace trellis::cypher {

// The slots read by the clauses after `clauses[match]`, up to and including
// the projection that makes duplicates irrelevant; nullopt when no such
// projection comes (some clause counts the rows, or the query ends first).
std::optional<std::set<Slot>> reads_until_distinct(const std::vector<BoundClause>& clauses, std::size_t match);

// Whether an aggregation's functions give the same answer when input rows repeat.
bool ignores_repeats(const BoundProjection& projection);

}  // namespace trellis::cypher
