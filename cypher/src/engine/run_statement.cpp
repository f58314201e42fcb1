#include <fmt/format.h>

#include "binder/binder.hpp"
#include "executor/operator.hpp"
#include "executor/value_hash.hpp"
#include "planner/planner.hpp"
#include "trellis/cypher/cypher_engine.hpp"

namespace trellis::cypher {
namespace {

std::string plans_text(const std::vector<OperatorPtr>& plans, bool profiled, bool union_all) {
  std::string out;
  for (std::size_t i = 0; i < plans.size(); ++i) {
    if (i > 0) out += union_all ? "UNION ALL\n" : "UNION\n";
    out += plan_text(*plans[i], profiled);
  }
  return out;
}

}  // namespace

Result<CypherResult> run_statement(const GraphStore& store, const ast::Statement& statement,
                                   const Parameters& parameters, const CypherOptions& options) {
  auto bound = bind(statement, parameters, options);
  if (!bound.ok()) return std::move(bound).take_error();
  BoundQuery& query = *bound;
  CypherResult result;
  result.mode = query.mode;
  result.columns = query.queries.front().columns;
  std::vector<OperatorPtr> plans;
  for (BoundSingleQuery& single : query.queries) plans.push_back(plan_query(single, store, options.batched));
  if (query.mode == QueryMode::Explain) {
    result.plan = plans_text(plans, false, query.union_all);
    return result;
  }
  ExecContext ctx(store, options, query.mode == QueryMode::Profile);
  const bool dedupe = query.queries.size() > 1 && !query.union_all;
  TupleSet seen;
  try {
    for (std::size_t q = 0; q < plans.size(); ++q) {
      const BoundSingleQuery& single = query.queries[q];
      Operator& root = *plans[q];
      Row row;
      row.slots.resize(single.slot_count);
      root.open(ctx);
      while (root.next(ctx, row)) {
        std::vector<Value> tuple;
        tuple.reserve(single.column_slots.size());
        for (const Slot slot : single.column_slots) tuple.push_back(row.slots[slot]);
        if (dedupe) {
          if (!seen.insert(tuple).second) continue;
          ctx.charge(1);
        }
        ++result.total_count;
        if (result.rows.size() < options.row_limit) {
          result.rows.push_back(std::move(tuple));
        } else if (result.total_count >= options.max_intermediate_rows) {
          break;  // counted as far as the bound allows: total_count is a lower bound
        } else if (!dedupe && !ctx.profile()) {
          // Past the row limit only the total is wanted: the plan counts the rest.
          result.total_count += root.count_rest(ctx, row, options.max_intermediate_rows - result.total_count);
          break;
        }
      }
    }
    ctx.check_deadline();
  } catch (RuntimeError& error) {
    return std::move(error.error);
  }
  result.truncated = result.total_count > result.rows.size();
  if (query.mode == QueryMode::Profile) result.plan = plans_text(plans, true, query.union_all);
  return result;
}

}  // namespace trellis::cypher
