// A whole statement: [EXPLAIN | PROFILE] single query [UNION [ALL] single query]...
//
// Every type of the typed AST is reachable from Statement; include this
// header to get all of them. ast/printer.hpp prints any of them as a
// canonical S-expression.
#pragma once

#include <cstdint>
#include <vector>

#include "trellis/cypher/ast/clause.hpp"
#include "trellis/cypher/ast/expression.hpp"
#include "trellis/cypher/ast/pattern.hpp"

namespace trellis::cypher::ast {

// Clauses in written order. The parser checks the order Cypher allows: a
// read query ends with exactly one RETURN and has none before it; WHERE only
// follows MATCH or WITH (it is part of those clauses here).
struct SingleQuery {
  std::vector<Clause> clauses;
};

struct UnionPart {
  bool all = false;  // UNION ALL keeps duplicates
  SingleQuery query;
};

struct Query {
  SingleQuery first;
  std::vector<UnionPart> unions;
};

enum class QueryMode : std::uint8_t {
  Run,
  Explain,  // print the plan, run nothing
  Profile,  // run, then print the plan with rows and time per operator
};

struct Statement {
  QueryMode mode = QueryMode::Run;
  Query query;
};

}  // namespace trellis::cypher::ast
