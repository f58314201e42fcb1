// run_cypher: the one entry point of the read-only Cypher subset. The CLI's
// `trellis cypher`, the console and the MCP `query_cypher` tool all call it.
//
// A query is parsed, bound against the store's schema (labels, types,
// properties, variables, functions), planned (anchored on the most
// selective start: a qualified_name lookup, then the name index, then a
// label scan) and run over the store's CSR adjacency as a pipeline of pull
// operators. The store is only read; any number of queries may run at once
// on one store.
//
// Errors (as values, codes from CONTRACT.md):
//   CYPHER_SYNTAX_ERROR   the text does not parse (line and column in the Error)
//   CYPHER_SEMANTIC_ERROR unknown label, relationship type, property,
//                         variable or function, or a misplaced aggregate;
//                         suggestions name the closest known names
//   READ_ONLY             CREATE, MERGE, SET, DELETE, REMOVE, LOAD CSV, CALL, FOREACH
//   TIMEOUT               the query ran longer than options.timeout, or was
//                         cancelled through options.cancel
//   INVALID_ARGUMENT      a missing parameter, a type error while running,
//                         or more intermediate rows than options.max_intermediate_rows
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/cypher/ast/query.hpp"
#include "trellis/cypher/value/value.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::cypher {

// Query parameters ($name), by name without the `$`.
using Parameters = std::vector<std::pair<std::string, Value>>;

struct CypherOptions {
  // Rows returned at most (CONTRACT.md: default 50, at most 1000); rows past
  // it are counted in total_count but not kept.
  std::size_t row_limit = 50;
  std::chrono::milliseconds timeout{10'000};
  // Rows any one operator may hold or produce (sort, aggregation, DISTINCT,
  // expansions, counted results) before the query is refused.
  std::size_t max_intermediate_rows = 1'000'000;
  // Upper bound of variable-length patterns with no upper bound (`*`, `*2..`),
  // and the most any `*..m` may ask for.
  std::size_t max_hops = 10;
  // When set, the query stops with TIMEOUT ("The query was cancelled") soon
  // after *cancel becomes true: it is read, never written, at the same
  // points as the clock (every 1024 rows or candidates). Set it from another
  // thread or a signal handler (std::atomic<bool> is lock-free, so storing
  // to it is async-signal-safe); the console's Ctrl-C does.
  const std::atomic<bool>* cancel = nullptr;
  // Scans, expansions and filters that feed an aggregation or an ORDER BY
  // ... LIMIT run over batches of rows; false runs every operator row by
  // row (same answers: the differential tests compare the two).
  bool batched = true;
  // A batched aggregation over a scan of more than two parts of this many
  // nodes runs the parts on all cores, each into its own group table.
  std::size_t parallel_part_nodes = 64 * 1024;
};

enum class QueryMode { Run, Explain, Profile };

struct CypherResult {
  std::vector<std::string> columns;
  std::vector<std::vector<Value>> rows;  // at most row_limit, in result order
  std::size_t total_count = 0;           // rows the query produced in all
  bool truncated = false;                // total_count > rows.size()
  QueryMode mode = QueryMode::Run;
  // EXPLAIN: the plan tree; PROFILE: the plan with rows and time per
  // operator (and the query still returns its rows). Empty for plain runs.
  std::string plan;
};

// Runs one statement (an optional trailing `;` is allowed; several
// statements are split first, see parser.hpp).
Result<CypherResult> run_cypher(const GraphStore& store, std::string_view query, const Parameters& parameters,
                                const CypherOptions& options);

// The same for a statement parsed already (parse_cypher in parser.hpp).
Result<CypherResult> run_statement(const GraphStore& store, const ast::Statement& statement,
                                   const Parameters& parameters, const CypherOptions& options);

// A parameter value from JSON text (`--param name=JSON`): null, booleans,
// numbers (integers stay integers), strings, arrays and objects.
// INVALID_ARGUMENT when the text is not JSON.
Result<Value> value_from_json(std::string_view text);

}  // namespace trellis::cypher
