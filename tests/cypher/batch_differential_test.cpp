// Randomised differential test of the batched executor (cypher/src/batch/):
// generated queries over a generated code graph, each run batched and row
// by row (CypherOptions::batched), must give the same rows in the same
// order, or fail with the same error. The queries combine one- and two-hop
// patterns in every direction, label tests, WHERE predicates the batch
// evaluates natively and ones it runs row by row (functions, string
// predicates, relationship properties), and projections into aggregations
// (grouped by values, by nodes, by nothing; count, count DISTINCT, sum,
// avg, min, max, collect) with and without ORDER BY ... LIMIT (ties, LIMIT
// 0, SKIP). EXPLAIN shows that most of them did run batched.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cctype>
#include <random>
#include <string>
#include <vector>

#include "generator/code_graph_generator.hpp"
#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/cypher/value/value_text.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::testing {
namespace {

using cypher::CypherOptions;

struct Outcome {
  bool ok = false;
  std::string error;
  std::vector<std::string> rows;  // each row as text, in order
  std::size_t total = 0;
};

// `parts`: nodes per part of a parallel batched aggregation (small: every
// scan of the test graph runs on all cores and merges its parts' groups).
Outcome run(const GraphStore& store, const std::string& query, bool batched, std::size_t parts = 64 * 1024,
            std::size_t row_limit = 100'000, std::size_t max_rows = 1'000'000) {
  CypherOptions options;
  options.row_limit = row_limit;
  options.max_intermediate_rows = max_rows;
  options.batched = batched;
  options.parallel_part_nodes = parts;
  Outcome out;
  auto result = cypher::run_cypher(store, query, {}, options);
  if (!result.ok()) {
    out.error = result.error().message;
    return out;
  }
  out.ok = true;
  out.total = result->total_count;
  for (const auto& row : result->rows) {
    std::string text;
    for (const auto& value : row) text += cypher::display_text(store, value) + " | ";
    out.rows.push_back(std::move(text));
  }
  return out;
}

// `query` run batched answers as run row by row: the same rows in the same
// order, the same total, or the same error. The row run's outcome.
Outcome check_batched_agrees(const GraphStore& store, const std::string& query) {
  Outcome rows = run(store, query, false);
  const Outcome batched = run(store, query, true);
  CHECK(rows.ok == batched.ok);
  CHECK(rows.error == batched.error);
  CHECK(rows.total == batched.total);
  CHECK(rows.rows == batched.rows);
  return rows;
}

// check_batched_agrees, and the same on all cores (parts of 97 nodes);
// the batched plan as EXPLAIN shows it.
std::string plan_of_agreed(const GraphStore& store, const std::string& query) {
  const Outcome rows = check_batched_agrees(store, query);
  const Outcome parallel = run(store, query, true, 97);
  CHECK(rows.error == parallel.error);
  CHECK(rows.rows == parallel.rows);
  auto plan = cypher::run_cypher(store, "EXPLAIN " + query, {}, CypherOptions{});
  REQUIRE(plan.ok());
  return plan->plan;
}

template <std::size_t N>
const char* one_of(std::mt19937& rng, const char* const (&options)[N]) {
  return options[rng() % N];
}

std::string random_query(std::mt19937& rng) {
  static const char* const kLabels[] = {"", "", ":Function", ":Method", ":Class", ":Function|Method", ":Module"};
  static const char* const kTypes[] = {":CALLS", ":CALLS", ":DEFINES", ":INHERITS", ":CALLS|DEFINES", ""};
  static const char* const kPatterns[] = {
      "MATCH (a{0})",
      "MATCH (a{0})-[r{2}]->(b{1})",
      "MATCH (a{0})<-[r{2}]-(b{1})",
      "MATCH (a{0})-[r{2}]-(b{1})",
      "MATCH (a{0})-[r{2}]->(b{1})-[s{3}]->(c)",
      "MATCH (a{0})-[r{2}]->(b{1})<-[s{3}]-(c)",
      "MATCH (a{0})-[r{2}]->(b{1}) MATCH (b)-[s{3}]->(c)",
      "MATCH (a{0} {{name: 'wrapper'}})-[r{2}]->(b{1})",
      "MATCH (a{0})<-[r{2}]-(b{1}) WHERE a.name IN ['_impl', 'visit', 'run']",
      "MATCH (a{0} {{name: 'decorator'}})-[:CALLS*1..3]->(b{1})",
      "MATCH (a{0} {{name: 'visit'}})<-[:CALLS|DEFINES*1..4]-(b{1})",
  };
  static const char* const kWhereA[] = {
      "",
      "WHERE a.line_start > 40",
      "WHERE a.line_end - a.line_start >= 3",
      "WHERE a:Function OR a:Method",
      "WHERE NOT a.line_start < 20 AND a.name <> 'get'",
      "WHERE a.name STARTS WITH 'p'",
      "WHERE a.name CONTAINS 'er' OR a.docstring ENDS WITH '.'",
      "WHERE COUNT { (a)-[:CALLS]->() } > 2",
      "WHERE NOT (a)<-[:CALLS]-()",
      "WHERE EXISTS { (a)-[:CALLS|DEFINES]-() } AND COUNT { (a)-[:CALLS]-() } < 4",
      "WHERE COUNT { (a:Function)-[:CALLS]->() } >= 1",
      "WHERE a.qualified_name =~ '.*[._]get.*' AND NOT a.docstring CONTAINS 'x'",
      "WHERE size(a.name) > 6",
      "WHERE a.is_async IS NULL",
      "WHERE a.is_async",
      "WHERE a.complexity IN [1, 2, 3]",
      "WHERE a.language IN ['python', 'go']",
      "WHERE a.line_start > 10 XOR a.line_end < 50",
      "WHERE 30 <= a.line_start AND a.complexity <> 2",
      "WHERE 60 > a.line_end OR a.complexity = 1",
  };
  static const char* const kWhereAB[] = {
      "",
      "WHERE a.file_path = b.file_path",
      "WHERE a.line_start + b.line_start > 100",
      "WHERE r.line > 30",
      "WHERE r.call_type = 'method' OR b:Class",
      "WHERE a <> b",
      "WHERE b.name < a.name",
      "WHERE b.qualified_name STARTS WITH a.qualified_name",
      "WHERE a.docstring IS NOT NULL OR b.line_end > 60",
      "WHERE r.line >= a.line_start + 2 AND r.call_type <> 'direct'",
      "WHERE r.call_type IN ['method', 'constructor'] OR r.line IS NULL",
  };
  static const char* const kReturnsA[] = {
      "RETURN count(*) AS n",
      "RETURN a.name AS k, count(*) AS c ORDER BY c DESC, k LIMIT 7",
      "RETURN a.file_path AS k, count(*) AS c",
      "RETURN a, count(*) AS c ORDER BY c DESC LIMIT 4",
      "RETURN a.qualified_name AS q, a.line_end - a.line_start AS n ORDER BY n DESC, q LIMIT 6",
      "RETURN a.name AS n, a.line_start AS l ORDER BY l LIMIT 5",
      "RETURN a.name AS n, a.complexity AS c ORDER BY c DESC, n LIMIT 4",
      "RETURN DISTINCT a.name AS n ORDER BY n LIMIT 5",
      "RETURN a.name AS n, a.line_start AS l",
      "RETURN a.name AS n, COUNT { (a)-[:CALLS]-() } AS c ORDER BY c DESC, n LIMIT 4",
      "RETURN a, a.file_path AS p, 3 AS k",
      "RETURN a.name AS n, 100 / (a.line_start - 47) AS x",
      "RETURN a.name AS n LIMIT 9",
      "RETURN DISTINCT a.complexity AS c, a.is_async AS x",
      "WITH DISTINCT a RETURN count(*) AS n",
      "RETURN a.qualified_name AS n, a.complexity * 2 AS c ORDER BY c, n SKIP 2 LIMIT 3",
      "RETURN a.name AS n ORDER BY n DESC SKIP 3 LIMIT 4",
      "RETURN a.language AS k, count(*) AS c, sum(a.line_start) AS s, avg(a.line_end) AS av, "
      "min(a.name) AS mn, max(a.line_end) AS mx",
      "RETURN labels(a) AS k, count(*) AS c ORDER BY c LIMIT 3",
      "RETURN a.is_async AS k, count(a.docstring) AS c, count(DISTINCT a.name) AS d",
      "RETURN a.qualified_name AS q, count(*) AS c ORDER BY c DESC, q LIMIT 0",
      "WITH a.name AS k, count(*) AS c WHERE c > 2 RETURN count(*) AS n, max(c) AS m",
      "RETURN a.docstring AS k, count(*) AS c ORDER BY c DESC, k LIMIT 5",
      "RETURN a.docstring AS k, count(*) AS c",
      "RETURN a.name AS k, count(*) AS c ORDER BY c, k LIMIT 6",
      "RETURN a.file_path AS k, sum(a.line_start) AS s ORDER BY s DESC, k LIMIT 4",
      "RETURN a.file_path AS k, max(a.complexity) AS m ORDER BY m DESC, k LIMIT 5",
      "RETURN a.name AS k, min(a.complexity) AS m ORDER BY m, k LIMIT 5",
      "RETURN a.language AS k, min(a.line_start) AS m, max(a.line_end) AS x ORDER BY x DESC, m "
      "LIMIT 3",
      "RETURN a.name AS n, a.docstring AS d, count(*) AS c ORDER BY c DESC, n, d LIMIT 6",
      "RETURN a.file_path AS f, a.name AS n, count(*) AS c",
      "RETURN a.complexity AS k, count(*) AS c ORDER BY c DESC, k LIMIT 4",
      "RETURN labels(a) AS l, count(*) AS c",
      "RETURN a.name AS k, collect(a.line_start) AS l ORDER BY k LIMIT 4",
      "RETURN collect(a.is_async) AS x, collect(a.docstring) AS d",
      "RETURN a.file_path AS k, collect(a) AS xs, collect(a.name)[1] AS second",
      "WITH a.file_path AS k, count(*) AS c, min(a.line_start) AS m WHERE c >= 2 AND m < 30 RETURN "
      "k, c ORDER BY c DESC, k LIMIT 4",
      "WITH a.name AS k, count(*) AS c WHERE k STARTS WITH 'g' OR c > 3 RETURN k, c",
      "WITH a.name AS k, count(*) AS c WHERE 10 / (c - 1) > 2 RETURN k, c",
      "WITH a.language AS k, count(*) AS c WHERE c RETURN k",
      // Items nothing reads after the WITH are not written (keys, aggregates,
      // ones that may fail and are still evaluated).
      "WITH a.file_path AS k, count(*) AS c WHERE c > 2 RETURN count(*) AS n, max(c) AS m",
      "WITH a.name AS k, count(*) AS c WHERE c > 1 RETURN count(*) AS n",
      "WITH a.file_path AS k, count(*) AS c RETURN max(c) AS m, min(c) AS l",
      "WITH a.file_path AS k, count(*) AS c WHERE c > 1 RETURN count(*) AS n, max(size(k)) AS m",
      "WITH a.name AS k, count(*) AS c, 100 / (count(*) - 2) AS x RETURN count(*) AS n, sum(c) AS "
      "s",
      "WITH a.name AS k, count(*) AS c, 100 / (count(*) - 2) AS x WHERE c > 2 RETURN count(*) AS n",
      "WITH a.name AS k, count(*) AS c, 100 / (a.line_start - 47) AS x RETURN count(*) AS n",
      "WITH a.qualified_name AS q, count(*) AS c WHERE c > 0 RETURN count(*) AS n, sum(c) AS s",
      "WITH a.file_path AS k, collect(a.name) AS l, count(*) AS c WHERE c > 2 RETURN count(*) AS n",
      "WITH a.name AS k, count(*) AS c WHERE k STARTS WITH 'g' RETURN count(*) AS n",
      "WITH a.name AS k, count(*) * 2 AS d, count(*) AS c WHERE c > 1 RETURN max(c) AS m",
      "WITH a.file_path AS k, count(*) AS c ORDER BY c DESC, k LIMIT 3 RETURN c",
      "WITH DISTINCT a.language AS k, count(*) AS c RETURN count(*) AS n",
      "WITH a.name AS k, count(*) AS c WITH * RETURN count(*) AS n, max(c) AS m",
      "WITH a AS x, a.name AS k, count(*) AS c WHERE c > 0 RETURN sum(COUNT { (x)-[:CALLS]->() }) "
      "AS s",
      "WITH a AS x, a.name AS k, count(*) AS c WHERE EXISTS { (x)-[:CALLS]->() } RETURN count(*) "
      "AS n",
      "WITH a AS x, count(*) AS c MATCH (x)-[:CALLS]->(y) RETURN count(*) AS n",
      "WITH a.name AS k, count(*) AS c WHERE c > 1 UNWIND [k] AS u RETURN count(u) AS n",
      "RETURN DISTINCT head(labels(a)) AS l, a:Function AS f",
      "RETURN toLower(labels(a)[0]) AS l, a.language AS g, count(*) AS c ORDER BY c DESC, l, g "
      "LIMIT 5",
      "RETURN a ORDER BY a.line_start DESC LIMIT 5",
      "RETURN a AS x, a.name AS n ORDER BY x.line_end - x.line_start, n LIMIT 4",
      "WITH a ORDER BY a.complexity DESC, a.qualified_name LIMIT 6 RETURN a.qualified_name AS q, "
      "a.complexity AS c",
      "WITH a AS m ORDER BY m.name SKIP 2 LIMIT 3 RETURN m.name AS n",
      "RETURN a ORDER BY a.docstring LIMIT 3",
      "WITH a WHERE a.line_start > 12 RETURN count(*) AS n, max(a.line_end) AS m",
      "WITH a AS x, a AS y WHERE x.complexity > 1 RETURN y.name AS k, count(*) AS c ORDER BY c DESC, k LIMIT 5",
      "WITH a AS x MATCH (x)-[:CALLS]->(y) RETURN x.name AS k, count(y) AS c ORDER BY c DESC, k LIMIT 4",
      "RETURN count(a.name) AS n, count(a.qualified_name) AS q, count(a) AS x",
      "RETURN a.language AS k, collect(DISTINCT a:Function) AS x, collect(DISTINCT a.file_path) AS ps ORDER BY k",
      "RETURN a.file_path AS k, count(a.docstring) AS c ORDER BY c DESC, k LIMIT 5",
      "WITH a MATCH (a)<-[:DEFINES]-(m) WITH m, a WHERE m.name <> a.name RETURN m.name AS k, "
      "collect(a.name) AS xs ORDER BY k LIMIT 3",
  };
  static const char* const kReturnsAB[] = {
      "RETURN count(*) AS n",
      "RETURN DISTINCT b.file_path AS p, a.language AS l",
      "RETURN a.name AS x, r, b.name AS y",
      "RETURN b.line_end - a.line_start AS d SKIP 3",
      "RETURN DISTINCT b, a.name AS n ORDER BY n SKIP 1 LIMIT 4",
      "RETURN count(DISTINCT b) AS n, count(DISTINCT a) AS m",
      "RETURN b.file_path AS p, count(*) AS c ORDER BY c DESC, p LIMIT 10",
      "RETURN b.file_path AS p, count(*) AS c",
      "RETURN b.qualified_name AS q, count(*) AS c ORDER BY c DESC, q LIMIT 5",
      "RETURN b, count(*) AS c ORDER BY c DESC LIMIT 5",
      "RETURN a, b, count(*) AS c ORDER BY c DESC LIMIT 5",
      "RETURN a.file_path AS x, b.file_path AS y, count(*) AS c",
      "RETURN type(r) AS t, labels(b) AS l, count(*) AS c",
      "RETURN a.name AS k, collect(b.line_start) AS ls, collect(b) AS bs ORDER BY k LIMIT 4",
      "RETURN b.file_path AS k, size(collect(a.name)) AS n, collect(r.line) AS lines ORDER BY n DESC, k LIMIT 3",
      "RETURN labels(a)[0] + '-' + type(r) AS k, count(DISTINCT b) AS d ORDER BY d DESC, k LIMIT 3",
      "RETURN a.name AS x, b.name AS y, count(*) AS c ORDER BY c DESC, x, y LIMIT 8",
      "RETURN b.name AS k, collect(a.name)[0] AS first, count(*) AS c ORDER BY c DESC, k LIMIT 3",
      "RETURN a.qualified_name AS x, b.qualified_name AS y ORDER BY y, x LIMIT 9",
      "RETURN a.line_start + b.line_start AS n, a.name AS x ORDER BY n DESC, x LIMIT 5",
      "RETURN type(r) AS t, count(*) AS c, min(b.line_start) AS m ORDER BY c DESC LIMIT 5",
      "RETURN b.language AS k, count(DISTINCT b.file_path) AS d, sum(b.complexity) AS s",
      "RETURN a, b.name AS n ORDER BY n LIMIT 3",
      "RETURN r.call_type AS t, count(*) AS c ORDER BY c DESC, t",
      "RETURN r.line AS l, count(*) AS c ORDER BY c DESC, l LIMIT 5",
      "RETURN min(r.line) AS m, max(r.call_type) AS x, count(r.call_type) AS n, count(DISTINCT r.call_type) AS d",
      "RETURN b.name AS n, r.line AS l ORDER BY l DESC, n LIMIT 4",
      "RETURN a AS x, b ORDER BY b.name DESC, x.name LIMIT 6",
      "WITH a, b ORDER BY a.line_start + b.line_start DESC, a.name, b.name LIMIT 5 RETURN a.name AS x, b.name AS y",
      "WITH a, b RETURN b.name AS k, count(*) AS c ORDER BY c DESC, k LIMIT 5",
      "RETURN a.file_path AS k, count(b.name) AS c, count(a) AS n ORDER BY c DESC, k LIMIT 5",
      "RETURN count(b.docstring) AS d, count(r.call_type) AS t",
      "RETURN a.name AS k, count(*) AS c ORDER BY c DESC, k LIMIT 5",
      "RETURN a.file_path AS k, collect(DISTINCT b.name) AS ns, collect(DISTINCT b) AS bs ORDER BY k LIMIT 4",
      "RETURN collect(DISTINCT type(r)) AS ts, collect(DISTINCT b.docstring) AS ds",
      "WITH b AS a, a AS b RETURN a.name AS x, b.name AS y ORDER BY x, y LIMIT 4",
      "WITH r, a WHERE r.line > 20 RETURN type(r) AS t, count(a) AS c ORDER BY t",
      "WITH a, b WHERE a <> b RETURN count(DISTINCT a) AS x, count(*) AS y",
      "WITH b AS c, r WHERE c:Function RETURN c.file_path AS p, count(r) AS n ORDER BY n DESC, p LIMIT 4",
      // A sort key with no batched form (a list) reading what no item reads.
      "RETURN a.name AS n ORDER BY [r.line, b.name] DESC, n LIMIT 4",
  };
  // Drawn one by one: the order a call's arguments are evaluated in is the
  // compiler's (GCC and clang differ), and both builds must test the same queries.
  const char* const shape = one_of(rng, kPatterns);
  const char* const label_a = one_of(rng, kLabels);
  const char* const label_b = one_of(rng, kLabels);
  const char* const type_r = one_of(rng, kTypes);
  const char* const type_s = one_of(rng, kTypes);
  const std::string pattern = fmt::format(fmt::runtime(shape), label_a, label_b, type_r, type_s);
  const bool has_b = pattern.find("(b") != std::string::npos;
  // A var-length pattern binds no r: its clauses do not read one.
  const bool has_r = pattern.find("[r") != std::string::npos;
  const auto reads_r = [](std::string_view clause) {
    return clause.find("r.") != std::string_view::npos || clause.find("(r)") != std::string_view::npos;
  };
  std::string where = has_b && rng() % 2 == 0 ? one_of(rng, kWhereAB) : one_of(rng, kWhereA);
  if (!has_r && reads_r(where)) where = one_of(rng, kWhereA);
  // A pattern with a WHERE of its own takes the drawn one as another conjunct.
  if (pattern.find(" WHERE ") != std::string::npos && where.starts_with("WHERE ")) {
    where = "AND (" + where.substr(6) + ")";
  }
  std::string ret = has_b && rng() % 3 != 0 ? one_of(rng, kReturnsAB) : one_of(rng, kReturnsA);
  if (!has_r && reads_r(ret)) ret = one_of(rng, kReturnsA);
  return pattern + " " + where + " " + ret;
}

}  // namespace

TEST_CASE("cypher differential: the batched executor answers as the row executor on generated queries") {
  auto builder = bench::generate_code_graph({3'000, 7});
  REQUIRE(builder.ok());
  auto built = std::move(*builder).build();
  REQUIRE(built.ok());
  const GraphStore& store = built->store;
  std::mt19937 rng(2111);
  std::size_t batched_plans = 0;
  std::size_t answered = 0;
  const std::size_t queries = 1000;
  for (std::size_t q = 0; q < queries; ++q) {
    const std::string query = random_query(rng);
    CAPTURE(query);
    const Outcome rows = check_batched_agrees(store, query);
    const Outcome parallel = run(store, query, true, 97);
    CHECK(rows.error == parallel.error);
    CHECK(rows.rows == parallel.rows);
    // Past a small row limit the rest is only counted (same total, same errors).
    const Outcome rows_few = run(store, query, false, 64 * 1024, 7);
    const Outcome batched_few = run(store, query, true, 64 * 1024, 7);
    CHECK(rows_few.error == batched_few.error);
    CHECK(rows_few.total == batched_few.total);
    CHECK(rows_few.rows == batched_few.rows);
    if (rows.ok) ++answered;
    auto plan = cypher::run_cypher(store, "EXPLAIN " + query, {}, CypherOptions{});
    if (plan.ok() && plan->plan.find("Batch") != std::string::npos) ++batched_plans;
  }
  // The generator must exercise the batched operators, and mostly answer.
  CHECK(batched_plans > queries / 2);
  CHECK(answered > queries * 3 / 4);
}

TEST_CASE("cypher batched: empty inputs, nulls and LIMIT 0 give the row executor's answers") {
  auto builder = bench::generate_code_graph({1'000, 2});
  REQUIRE(builder.ok());
  auto built = std::move(*builder).build();
  REQUIRE(built.ok());
  const GraphStore& store = built->store;
  const char* const queries[] = {
      // No row reaches the aggregation: count(*) is 0, a grouped one has no rows.
      "MATCH (a:Function) WHERE a.line_start < 0 RETURN count(*) AS n, sum(a.line_start) AS s, avg(a.line_start) AS v, min(a.name) AS m",
      "MATCH (a:Function) WHERE a.line_start < 0 RETURN a.name AS k, count(*) AS c",
      "MATCH (a:Function)-[:INHERITS]->(b) RETURN count(*) AS n",
      // Null keys group together; nulls are not counted by count(x).
      "MATCH (a:Method) RETURN a.docstring IS NULL AS k, count(a.docstring) AS c, count(*) AS n ORDER BY k",
      "MATCH (a) RETURN a.class_name AS k, count(*) AS c ORDER BY c DESC, k LIMIT 3",
      "MATCH (a:Method) RETURN a.name AS n ORDER BY n LIMIT 0",
      "MATCH (a:Method) RETURN a.name AS k, count(*) AS c ORDER BY c DESC LIMIT 0",
  };
  for (const char* query : queries) {
    CAPTURE(query);
    const Outcome rows = run(store, query, false);
    const Outcome batched = run(store, query, true);
    REQUIRE(rows.ok);
    CHECK(batched.ok);
    CHECK(rows.rows == batched.rows);
    auto plan = cypher::run_cypher(store, std::string("EXPLAIN ") + query, {}, CypherOptions{});
    REQUIRE(plan.ok());
    // A hop only a count reads is counted off the store instead (TypeCount).
    CHECK((plan->plan.find("Batch") != std::string::npos || plan->plan.find("TypeCount") != std::string::npos));
  }
  // Known answers, not only agreement: nothing matches, so the count is 0
  // and the grouped query has no row.
  auto none = cypher::run_cypher(store, queries[0], {}, CypherOptions{});
  REQUIRE(none.ok());
  REQUIRE(none->rows.size() == 1);
  CHECK(none->rows[0][0].as_int() == 0);
  CHECK(none->rows[0][1].as_int() == 0);
  CHECK(none->rows[0][2].is_null());
  CHECK(none->rows[0][3].is_null());
  CHECK(run(store, queries[1], true).rows.empty());
}

TEST_CASE(
    "cypher batched: a WITH's aggregation writes only the items read after it, with the row "
    "executor's rows and errors") {
  auto builder = bench::generate_code_graph({2'000, 3});
  REQUIRE(builder.ok());
  auto built = std::move(*builder).build();
  REQUIRE(built.ok());
  const GraphStore& store = built->store;
  // `unwritten`: the marker EXPLAIN shows on the BatchAggregate ("" : every item is written).
  struct Case {
    const char* with;
    const char* unwritten;
  };
  const Case cases[] = {
      {"WITH a.file_path AS k, count(*) AS c WHERE c > 2 RETURN count(*) AS n, max(c) AS m",
       "(does not write k)"},
      {"WITH a.name AS k, count(*) AS c WHERE c > 1 RETURN count(*) AS n", "(does not write k, c)"},
      {"WITH a.file_path AS k, count(*) AS c RETURN max(c) AS m", "(does not write k)"},
      {"WITH a.file_path AS k, count(*) AS c WHERE c > 1 RETURN count(*) AS n, max(size(k)) AS m",
       "(does not write c)"},
      // Unread items that may fail are evaluated all the same.
      {"WITH a.name AS k, count(*) AS c, 100 / (count(*) - 2) AS x RETURN count(*) AS n, sum(c) AS "
       "s",
       "(does not write k, x)"},
      {"WITH a.name AS k, count(*) AS c, 100 / (count(*) - 3) AS x WHERE c > 3 RETURN count(*) AS "
       "n",
       "(does not write k, c, x)"},
      {"WITH a.qualified_name AS q, count(*) AS c WHERE c > 0 RETURN count(*) AS n, sum(c) AS s",
       "(does not write q)"},
      {"WITH a.file_path AS k, collect(a.name) AS l, count(*) AS c WHERE c > 2 RETURN count(*) AS "
       "n",
       "(does not write k, l, c)"},
      // Read by the batched WHERE on the row, by ORDER BY, by a subquery, by a later MATCH, by
      // UNWIND.
      {"WITH a.name AS k, count(*) AS c WHERE k STARTS WITH 'g' RETURN count(*) AS n",
       "(does not write c)"},
      {"WITH a.file_path AS k, count(*) AS c ORDER BY c DESC, k LIMIT 3 RETURN c", ""},
      {"WITH a AS x, a.name AS k, count(*) AS c WHERE c > 0 RETURN sum(COUNT { (x)-[:CALLS]->() }) "
       "AS s",
       "(does not write k, c)"},
      {"WITH a AS x, a.name AS k, count(*) AS c WHERE EXISTS { (x)-[:CALLS]->() } RETURN count(*) "
       "AS n",
       "(does not write k, c)"},
      {"WITH a AS x, count(*) AS c MATCH (x)-[:CALLS]->(y) RETURN count(*) AS n",
       "(does not write c)"},
      {"WITH a.name AS k, count(*) AS c WHERE c > 1 UNWIND [k] AS u RETURN count(u) AS n",
       "(does not write c)"},
      // DISTINCT compares whole rows, WITH * reads every item, a RETURN's items are the answer.
      {"WITH DISTINCT a.language AS k, count(*) AS c RETURN count(*) AS n", ""},
      {"WITH a.name AS k, count(*) AS c WITH * RETURN count(*) AS n, max(c) AS m", ""},
      {"RETURN a.file_path AS k, count(*) AS c ORDER BY c DESC, k LIMIT 3", ""},
      {"WITH a.name AS k, count(*) AS c WHERE c > 1 RETURN count(*) AS n UNION MATCH (a:Method) "
       "WITH a.name AS k, count(*) AS c RETURN max(c) AS n",
       "(does not write k, c)"},
  };
  for (const Case& c : cases) {
    for (const char* match :
         {"MATCH (a:Function) ", "MATCH (a) ", "MATCH (a:Method) WHERE a.line_start > 20 "}) {
      const std::string query = match + std::string(c.with);
      CAPTURE(query);
      const std::string plan = plan_of_agreed(store, query);
      CAPTURE(plan);
      // Over nodes of any label, grouping by qualified_name stays row by row.
      if (plan.find("BatchAggregate") == std::string::npos) {
        CHECK(std::string_view(match) == "MATCH (a) ");
        continue;
      }
      if (*c.unwritten != 0) {
        CHECK(plan.find(c.unwritten) != std::string::npos);
      } else {
        CHECK(plan.find("does not write") == std::string::npos);
      }
    }
  }
  // The groups stay in first-seen order unless the next clause counts them
  // (or takes min / max of their counts) and the WHERE cannot fail.
  struct Order {
    const char* with;
    bool any;
  };
  const Order orders[] = {
      {"WITH a.file_path AS k, count(*) AS c WHERE c > 2 RETURN count(*) AS n, max(c) AS m", true},
      {"WITH a.name AS k, count(*) AS c WHERE c > 1 AND NOT c = 4 RETURN count(*) AS n, min(c) AS "
       "m",
       true},
      {"WITH a.file_path AS k, count(*) AS c RETURN max(c) AS m, count(k) AS n", true},
      {"WITH a.name AS k, count(*) AS c WHERE c > 1 RETURN count(*) AS n, sum(c) AS s", false},
      {"WITH a.name AS k, count(*) AS c WHERE c > 1 RETURN collect(c) AS l", false},
      {"WITH a.name AS k, count(*) AS c WHERE c > 1 RETURN max(k) AS m", false},
      {"WITH a.name AS k, count(*) AS c WHERE c RETURN count(*) AS n", false},
      {"WITH a.name AS k, count(*) AS c WHERE c > 1 RETURN k, count(*) AS n", false},
      {"WITH a.name AS k, count(*) AS c, 10 / (count(*) - 2) AS x WHERE c > 0 RETURN count(*) AS n",
       false},
      {"WITH a.name AS k, count(*) AS c WHERE c > 1 WITH count(*) AS n RETURN n", true},
  };
  for (const Order& o : orders) {
    const std::string query = std::string("MATCH (a:Function) ") + o.with;
    CAPTURE(query);
    const std::string plan = plan_of_agreed(store, query);
    CAPTURE(plan);
    CHECK((plan.find("(in any order)") != std::string::npos) == o.any);
  }
  // The failing unread item does fail (the test above compares a real error).
  const Outcome failing = run(
      store,
      "MATCH (a) WITH a.name AS k, count(*) AS c, 100 / (count(*) - 1) AS x RETURN count(*) AS n",
      true);
  CHECK_FALSE(failing.ok);
}

namespace {

// The code graph the list-charging tests read.
BuiltGraph charging_graph() {
  auto builder = bench::generate_code_graph({1'000, 2});
  REQUIRE(builder.ok());
  auto built = std::move(*builder).build();
  REQUIRE(built.ok());
  return std::move(*built);
}

// `query` (a batched aggregation that keeps lists) answers as the row
// executor with room for its `items` list items, and with a third of them
// both refuse with the same error.
void check_charged_as_rows(const GraphStore& store, const std::string& query, std::size_t items) {
  REQUIRE(items > 100);
  const Outcome rows = run(store, query, false, 64 * 1024, 100'000, 4 * items);
  const Outcome batched = run(store, query, true, 64 * 1024, 100'000, 4 * items);
  REQUIRE(rows.ok);
  REQUIRE(batched.ok);
  CHECK(rows.rows == batched.rows);
  CHECK(rows.rows.size() == 3);
  const Outcome rows_capped = run(store, query, false, 64 * 1024, 100'000, items / 3);
  const Outcome batched_capped = run(store, query, true, 64 * 1024, 100'000, items / 3);
  REQUIRE_FALSE(rows_capped.ok);
  REQUIRE_FALSE(batched_capped.ok);
  CHECK(batched_capped.error.find("intermediate rows") != std::string::npos);
  CHECK(rows_capped.error == batched_capped.error);
  auto plan = cypher::run_cypher(store, "EXPLAIN " + query, {}, CypherOptions{});
  REQUIRE(plan.ok());
  CHECK(plan->plan.find("BatchAggregate") != std::string::npos);
}

}  // namespace

TEST_CASE("cypher batched: collect() is charged per list item, as the row executor charges it") {
  const BuiltGraph built = charging_graph();
  const GraphStore& store = built.store;
  auto calls = cypher::run_cypher(store, "MATCH (a)-[:CALLS]->(b) RETURN count(*) AS n", {}, CypherOptions{});
  REQUIRE(calls.ok());
  check_charged_as_rows(
      store, "MATCH (a)-[:CALLS]->(b) RETURN a.file_path AS f, size(collect(b.name)) AS n ORDER BY n DESC, f LIMIT 3",
      static_cast<std::size_t>(calls->rows[0][0].as_int()));
}

TEST_CASE("cypher batched: collect(DISTINCT) keeps each value once per group in first-seen order, charged per item kept") {
  const BuiltGraph built = charging_graph();
  const GraphStore& store = built.store;
  auto kept = cypher::run_cypher(
      store, "MATCH (a)-[:CALLS]->(b) WITH a.file_path AS f, count(DISTINCT b.name) AS n, count(DISTINCT b) AS m RETURN sum(n + m) AS s",
      {}, CypherOptions{});
  REQUIRE(kept.ok());
  check_charged_as_rows(store,
                        "MATCH (a)-[:CALLS]->(b) RETURN a.file_path AS f, collect(DISTINCT b.name) AS names, "
                        "collect(DISTINCT b) AS bs ORDER BY size(names) DESC, f LIMIT 3",
                        static_cast<std::size_t>(kept->rows[0][0].as_int()));
}

namespace {

// Nodes of three labels with CALLS and INHERITS edges between them, self
// loops and parallel edges among them (no edge of any other type).
BuiltGraph looped_graph(std::uint32_t seed) {
  std::mt19937 rng(seed);
  GraphBuilder builder;
  const Label labels[] = {Label::Function, Label::Method, Label::Class};
  std::vector<BuildId> ids;
  for (std::uint32_t i = 0; i < 120; ++i) {
    const std::string name = fmt::format("n{}", i);
    auto id = builder.add_node(labels[rng() % 3], "m." + name, name);
    REQUIRE(id.ok());
    ids.push_back(*id);
  }
  for (std::uint32_t e = 0; e < 300; ++e) {
    const BuildId from = ids[rng() % ids.size()];
    const BuildId to = rng() % 6 == 0 ? from : ids[rng() % ids.size()];
    const RelType type = rng() % 4 == 0 ? RelType::Inherits : RelType::Calls;
    builder.add_edge(type, from, to);
    if (rng() % 8 == 0) builder.add_edge(type, from, to);
  }
  auto built = std::move(builder).build();
  REQUIRE(built.ok());
  return std::move(built).value();
}

// An aggregation over one hop that reads the relationship only through
// type(r): every label on either end, type lists, each direction, the ends
// named or not, the spellings of the count and of the grouping.
std::string type_count_query(std::mt19937& rng) {
  static const char* const kLabels[] = {"", "", ":Function", ":Method", ":Class", ":Function|Method", ":Interface", ":Module"};
  static const char* const kTypes[] = {"", "", ":CALLS", ":CALLS|INHERITS", ":IMPORTS", ":DEFINES|CALLS", ":INHERITS|IMPLEMENTS"};
  static const char* const kSteps[] = {"-[r{}]->", "<-[r{}]-", "-[r{}]-"};
  static const char* const kWhere[] = {"", "", "", "WHERE type(r) <> 'CALLS'", "WHERE a:Function OR a:Class", "WHERE a.line_start > 30",
                                       "WHERE type(r) STARTS WITH 'I' OR b:Method", "WHERE a <> b"};
  static const char* const kReturns[] = {
      "RETURN type(r) AS t, count(*) AS c",
      "RETURN type(r), count(r)",
      "RETURN type(r) AS t, count(*) AS c ORDER BY c DESC",
      "RETURN type(r) AS t, count(*) AS c ORDER BY c DESC, t LIMIT 2",
      "WITH type(r) AS t, count(*) AS c RETURN t, c ORDER BY t",
      "WITH type(r) AS t, count(*) AS c WHERE c > 3 RETURN t, c",
      "RETURN count(*) AS n",
      "RETURN count(r) AS n, count(DISTINCT type(r)) AS d",
      "RETURN type(r) AS t, count(a) AS x, count(b) AS y, min(type(r)) AS m, max(type(r)) AS mx, count(type(r)) AS k",
      "RETURN toLower(type(r)) STARTS WITH 'c' AS k, count(*) AS c",
      "RETURN type(r) AS t, 1 AS one, count(*) AS c, sum(2) AS s, collect(3)[0..2] AS l",
      "RETURN type(r) AS t, collect(type(r))[0..3] AS l",
      "RETURN type(r) AS t, count(DISTINCT a) AS c",
      "RETURN type(r) AS t, sum(a.line_start) AS s",
      "RETURN DISTINCT type(r) AS t, count(*) AS c ORDER BY t SKIP 1",
  };
  std::string near = one_of(rng, kLabels);
  std::string far = one_of(rng, kLabels);
  const char* const step_shape = one_of(rng, kSteps);  // drawn one by one (see random_query)
  const char* const step_types = one_of(rng, kTypes);
  const std::string step = fmt::format(fmt::runtime(step_shape), step_types);
  std::string where = one_of(rng, kWhere);
  std::string ret = one_of(rng, kReturns);
  const auto reads_ends = [](const std::string& clause) {
    for (const char* read : {"a)", "b)", "a.", "b.", "a:", "b:", "a <"}) {
      if (clause.find(read) != std::string::npos) return true;
    }
    return false;
  };
  const bool anonymous = rng() % 3 == 0 && !reads_ends(ret);
  if (anonymous && reads_ends(where)) where.clear();
  std::string match = anonymous ? fmt::format("MATCH ({})", near) + step + fmt::format("({})", far)
                                 : fmt::format("MATCH (a{})", near) + step + fmt::format("(b{})", far);
  if (rng() % 6 == 0) {
    match = "UNWIND [1, 2] AS x " + match;
    ret = rng() % 2 == 0 ? "RETURN x, type(r) AS t, count(*) AS c" : "RETURN type(r) AS t, x, count(*) AS c ORDER BY c DESC";
  }
  return match + " " + where + " " + ret;
}

// An aggregation over a lone node that reads it only through its labels.
std::string label_count_query(std::mt19937& rng) {
  static const char* const kLabels[] = {"", "", ":Function", ":Class|Method", ":Method|Function", ":Interface", ":Module|Interface|Class"};
  static const char* const kWhere[] = {"", "", "WHERE a:Function OR a:Class", "WHERE NOT a:Method", "WHERE labels(a)[0] STARTS WITH 'M'",
                                       "WHERE a.line_start > 30"};
  static const char* const kReturns[] = {
      "RETURN labels(a)[0] AS l, count(*) AS c",
      "RETURN head(labels(a)) AS l, count(a) AS c ORDER BY c DESC, l",
      "RETURN labels(a), count(*)",
      "WITH labels(a) AS l, count(*) AS c WHERE c > 100 RETURN l, c",
      "RETURN a:Function AS f, count(*) AS c ORDER BY c DESC LIMIT 1",
      "RETURN count(*) AS n, count(DISTINCT labels(a)) AS d, min(labels(a)[0]) AS m, max(head(labels(a))) AS x",
      "RETURN labels(a) AS l, collect(1)[0..2] AS o, sum(3) AS s",
      "RETURN labels(a) AS l, collect(a.name)[0..2] AS o",
      "RETURN DISTINCT labels(a)[0] AS l, count(*) AS c ORDER BY l SKIP 1",
  };
  const char* const label = one_of(rng, kLabels);  // drawn one by one (see random_query)
  const char* const where = one_of(rng, kWhere);
  const char* const returns = one_of(rng, kReturns);
  std::string match = fmt::format("MATCH (a{}) {} {}", label, where, returns);
  if (rng() % 6 == 0) match = "UNWIND [1, 2] AS x " + match;
  return match;
}

// Items a WITH computes over `a` (functions, operators, pattern counts,
// ones that fail on some rows).
const char* const kComputedItems[] = {
    "size(a.name)",
    "a.line_end - a.line_start",
    "toUpper(substring(a.name, 0, 2))",
    "substring(a.name, 1)",
    "substring(a.name, a.line_start - 20, 3)",
    "coalesce(a.docstring, a.name)",
    "toString(a.complexity)",
    "toInteger(toString(a.line_start))",
    "a.name",
    "a:Function",
    "COUNT { (a)-[:CALLS]->() }",
    "abs(a.line_start - 50)",
    "toFloat(a.line_start)",
    "replace(a.name, 'e', 'E')",
    "trim(a.docstring)",
    "size(a.qualified_name) + a.complexity",
    "a.name + '-' + a.file_path",
    "toLower(a.language)",
    "100 / (a.line_start - 47)",
    "size(a.line_start)",
    "a.complexity * 1000000000000",
    "a.line_start / 7",
    "a.line_start % 5 - coalesce(a.complexity, 1) % 2",
    "a.line_end % (a.line_start + 3)",
    "a.line_end / (a.line_start - 12)",
    "a.line_start % (a.line_end - 40)",
    "toFloat(a.line_start) / 3",
    "a.name + a.line_start",
    "a.line_start ^ 2",
    "(-9223372036854775807 - a.complexity) / -1",
    "CASE WHEN a.line_start > 30 THEN 'late' WHEN a.line_start > 10 THEN 'mid' ELSE 'early' END",
    "CASE a.line_start % 4 WHEN 0 THEN a.name WHEN 1 THEN a.file_path END",
    "CASE WHEN a.line_start > 40 THEN 100 / (a.line_start - 47) ELSE a.line_end END",
    "CASE WHEN a.docstring IS NULL THEN null ELSE size(a.docstring) END",
    "CASE a.name WHEN 'wrapper' THEN true WHEN 'visit' THEN false END",
    "CASE WHEN a.line_start < 20 THEN substring(a.name, 20 - a.line_start) ELSE toUpper(a.name) END",
    "size(split(a.qualified_name, '.'))",
    "size(CASE WHEN a.line_start > 30 THEN [a.name] ELSE a.line_start END)",
};
// A WITH that computes values (functions, arithmetic, pattern counts,
// items that may fail, one or two of them) read by the clause after it:
// aggregations, top k, plain projections, another WITH, an expansion.
std::string computed_with_query(std::mt19937& rng) {
  static const char* const kPatterns[] = {
      "MATCH (a{0})", "MATCH (a{0})", "MATCH (a{0})-[r:CALLS]->(b)", "MATCH (a{0})<-[:DEFINES]-(b)",
      "MATCH (a{0} {{name: 'visit'}})<-[:CALLS*1..3]-(b)",
  };
  static const char* const kLabels[] = {"", ":Function", ":Method", ":Function|Method", ""};

  static const char* const kSecond[] = {
      "", "", "", ", a.line_start AS t", ", size(a.file_path) AS t", ", toUpper(a.name) AS t",
      ", 60 / (a.line_end - 49) AS t", ", substring(a.name, 40 - a.line_start) AS t", ", a.docstring AS t",
      ", a.complexity + 1 AS t",
  };
  static const char* const kWhere[] = {
      "", "", "WHERE s IS NOT NULL", "WHERE a.line_start > 25", "WHERE size(toString(s)) > 2", "WHERE s <> 'x' OR s > 3",
      "WHERE NOT s IS NULL AND a.complexity <> 2",
  };
  static const char* const kNext[] = {
      "RETURN count(*) AS n",
      "RETURN s, count(*) AS c ORDER BY c DESC, s LIMIT 5",
      "RETURN s, count(*) AS c",
      "RETURN a.qualified_name AS q, s ORDER BY s DESC, q LIMIT 6",
      "RETURN a.qualified_name AS q, s",
      "RETURN max(s) AS m, min(s) AS x, count(s) AS c, count(DISTINCT s) AS d",
      "RETURN collect(s)[0..3] AS l",
      "RETURN DISTINCT s ORDER BY s LIMIT 5",
      "WITH s, count(*) AS c RETURN max(c) AS m, count(*) AS g",
      "WITH a, s AS u WHERE u IS NOT NULL RETURN u, count(*) AS c ORDER BY c DESC, u LIMIT 3",
      "WITH a, s, a.line_start + 1 AS l RETURN sum(l) AS x, count(DISTINCT s) AS d",
      "WITH a, s MATCH (a)-[:CALLS]->(z) RETURN s, count(z) AS c ORDER BY c DESC, s LIMIT 4",
      "WITH a, s MATCH (a)-[:CALLS|DEFINES]-(z) RETURN s, z.name AS n, count(*) AS c ORDER BY c DESC, s, n LIMIT 5",
      "WITH a, s MATCH (a)<-[:CALLS]-(z) WHERE z.line_start > 10 RETURN s, count(DISTINCT z.name) AS d",
      "MATCH (a)<-[:CALLS]-(z) RETURN s, count(*) AS c ORDER BY c DESC, s LIMIT 4",
      "RETURN s ORDER BY s SKIP 2 LIMIT 4",
      "RETURN sum(size(toString(s))) AS n",
      "UNWIND [a.line_start, a.line_end] AS u RETURN u, count(*) AS c ORDER BY c DESC, u LIMIT 4",
      "UNWIND [s, null, s] AS u RETURN count(u) AS n, count(*) AS r, count(DISTINCT u) AS d",
      "UNWIND [a.name, a.file_path] AS u RETURN collect(u)[0..4] AS l, max(u) AS m",
      "UNWIND split(a.qualified_name, '.') AS u RETURN u, count(*) AS c ORDER BY c DESC, u LIMIT 3",
      "UNWIND [a.line_start, 100 / (a.line_end - 40)] AS u RETURN a.name AS n, u ORDER BY u DESC, n LIMIT 5",
  };
  // Drawn one by one (see random_query).
  const char* const shape = one_of(rng, kPatterns);
  const char* const label = one_of(rng, kLabels);
  const char* const first = one_of(rng, kComputedItems);
  const char* const second = one_of(rng, kSecond);
  const char* const where = one_of(rng, kWhere);
  const char* const next = one_of(rng, kNext);
  const char* const passed = rng() % 3 == 0 ? "" : "a, ";
  std::string with = fmt::format("WITH {}{} AS s{} {}", passed, first, second, where);
  std::string rest = next;
  // Without `a` passed on, nothing after may read it.
  const auto reads_a = [](std::string_view clause) {
    for (std::size_t i = 0; i < clause.size(); ++i) {
      const bool word_before = i > 0 && (std::isalnum(static_cast<unsigned char>(clause[i - 1])) != 0 || clause[i - 1] == '_');
      const bool word_after = i + 1 < clause.size() && (std::isalnum(static_cast<unsigned char>(clause[i + 1])) != 0 || clause[i + 1] == '_');
      if (clause[i] == 'a' && !word_before && !word_after) return true;
    }
    return false;
  };
  if (*passed == '\0' && (reads_a(rest) || reads_a(where))) {
    with = fmt::format("WITH a, {} AS s{} {}", first, second, where);
  }
  return fmt::format(fmt::runtime(shape), label) + " " + with + " " + rest;
}

void check_computed_withs(const GraphStore& store, std::uint32_t seed, std::size_t queries, std::size_t& projected,
                          std::size_t& answered) {
  std::mt19937 rng(seed);
  for (std::size_t q = 0; q < queries; ++q) {
    const std::string query = computed_with_query(rng);
    CAPTURE(query);
    const std::string plan = plan_of_agreed(store, query);
    if (plan.find("BatchProject") != std::string::npos) ++projected;
    // Past a small row limit: the same rows, total and errors.
    const Outcome rows_few = run(store, query, false, 64 * 1024, 7);
    const Outcome batched_few = run(store, query, true, 64 * 1024, 7);
    CHECK(rows_few.error == batched_few.error);
    CHECK(rows_few.total == batched_few.total);
    CHECK(rows_few.rows == batched_few.rows);
    if (rows_few.ok) ++answered;
  }
}

void check_type_counts(const GraphStore& store, std::uint32_t seed, std::size_t queries, std::size_t& counted) {
  std::mt19937 rng(seed);
  for (std::size_t q = 0; q < queries; ++q) {
    const std::string query = q % 4 == 3 ? label_count_query(rng) : type_count_query(rng);
    CAPTURE(query);
    check_batched_agrees(store, query);
    auto plan = cypher::run_cypher(store, "EXPLAIN " + query, {}, CypherOptions{});
    REQUIRE(plan.ok());
    if (plan->plan.find("TypeCount") != std::string::npos || plan->plan.find("LabelCount") != std::string::npos) ++counted;
  }
}

}  // namespace

TEST_CASE("cypher differential: aggregations read through type(r) or labels(n) are counted per type or label as the row executor counts them") {
  std::size_t counted = 0;
  SUBCASE("a generated code graph") {
    auto builder = bench::generate_code_graph({2'000, 5});
    REQUIRE(builder.ok());
    auto built = std::move(*builder).build();
    REQUIRE(built.ok());
    check_type_counts(built->store, 21, 400, counted);
    CHECK(counted > 400 / 3);
  }
  SUBCASE("self loops, parallel edges, empty labels and types") {
    for (std::uint32_t seed : {1u, 2u, 3u}) {
      const BuiltGraph built = looped_graph(seed);
      check_type_counts(built.store, seed, 300, counted);
    }
    CHECK(counted > 900 / 3);
  }
  SUBCASE("the empty graph") {
    const GraphStore empty;
    check_type_counts(empty, 5, 100, counted);
    CHECK(counted > 100 / 3);
  }
}

TEST_CASE("cypher differential: a WITH computing values runs inside the batch pipeline and answers as the row executor") {
  std::size_t projected = 0;
  std::size_t answered = 0;
  SUBCASE("a generated code graph") {
    auto builder = bench::generate_code_graph({2'000, 5});
    REQUIRE(builder.ok());
    auto built = std::move(*builder).build();
    REQUIRE(built.ok());
    check_computed_withs(built->store, 31, 500, projected, answered);
    // Most of them run the projection batched, and most answer (some items fail by design).
    CHECK(projected > 500 / 2);
    CHECK(answered > 500 / 2);
  }
  SUBCASE("self loops, parallel edges, empty labels and types") {
    const BuiltGraph built = looped_graph(4);
    check_computed_withs(built.store, 4, 200, projected, answered);
    CHECK(projected > 200 / 3);
  }
  SUBCASE("every item, grouped, ordered, filtered and summed") {
    auto builder = bench::generate_code_graph({2'000, 5});
    REQUIRE(builder.ok());
    auto built = std::move(*builder).build();
    REQUIRE(built.ok());
    static const char* const kReads[] = {
        "MATCH (a:Function) WITH a, {} AS s RETURN s, count(*) AS c ORDER BY c DESC, s LIMIT 5",
        "MATCH (a:Method) WITH a, {} AS s WHERE s IS NOT NULL RETURN a.qualified_name AS q, s ORDER BY s DESC, q LIMIT 4",
        "MATCH (a:Function|Method) WITH {} AS s RETURN count(s) AS n, count(DISTINCT s) AS d, collect(s)[0..4] AS l",
    };
    for (const char* const item : kComputedItems) {
      for (const char* const read : kReads) {
        const std::string query = fmt::format(fmt::runtime(read), item);
        CAPTURE(query);
        if (plan_of_agreed(built->store, query).find("BatchProject") != std::string::npos) ++projected;
      }
    }
    CHECK(projected == std::size(kComputedItems) * std::size(kReads));
    // UNWIND of literal lists of each item (twice, with a null), right after the MATCH.
    static const char* const kUnwinds[] = {
        "MATCH (a:Function) UNWIND [{0}, {0}] AS u RETURN u, count(*) AS c ORDER BY c DESC, u LIMIT 5",
        "MATCH (a:Method) UNWIND [{0}, null, a.name] AS u RETURN count(u) AS n, count(*) AS r, collect(u)[0..5] AS l",
        "MATCH (a)-[:CALLS]->(b) UNWIND [{0}] AS u RETURN b.name AS n, u ORDER BY n, u LIMIT 6",
    };
    std::size_t unwound = 0;
    for (const char* const item : kComputedItems) {
      for (const char* const read : kUnwinds) {
        const std::string query = fmt::format(fmt::runtime(read), item);
        CAPTURE(query);
        if (plan_of_agreed(built->store, query).find("BatchUnwind") != std::string::npos) ++unwound;
      }
    }
    CHECK(unwound > std::size(kComputedItems) * std::size(kUnwinds) / 2);
  }
}

TEST_CASE("cypher batched: a WITH whose items may fail raises the error the row executor meets first") {
  auto builder = bench::generate_code_graph({1'000, 2});
  REQUIRE(builder.ok());
  auto built = std::move(*builder).build();
  REQUIRE(built.ok());
  const GraphStore& store = built->store;
  // The first function's line: an item failing on the first row only, and
  // one failing on later rows only (some function starts later).
  auto lines = cypher::run_cypher(store, "MATCH (a:Function) RETURN head(collect(a.line_start)) AS first, max(a.line_start) AS last",
                                  {}, CypherOptions{});
  REQUIRE(lines.ok());
  const std::int64_t first = lines->rows[0][0].as_int();
  const std::int64_t last = lines->rows[0][1].as_int();
  REQUIRE(first < last);
  // The later-failing item comes first in the WITH: evaluated item by item
  // over the batch, it would fail first; row by row the first row fails first.
  const std::string query = fmt::format(
      "MATCH (a:Function) WITH a, substring(a.name, {} - a.line_start) AS s, 1 / (a.line_start - {}) AS t RETURN count(*) AS n",
      first, first);
  CAPTURE(query);
  CHECK(plan_of_agreed(store, query).find("BatchProject") != std::string::npos);
  const Outcome batched = run(store, query, true);
  CHECK_FALSE(batched.ok);
  CHECK(batched.error.find("Division by zero") != std::string::npos);
  // One item alone raises its own error.
  const std::string later = fmt::format("MATCH (a:Function) WITH a, substring(a.name, {} - a.line_start) AS s RETURN count(*) AS n", first);
  const Outcome alone = run(store, later, true);
  CHECK_FALSE(alone.ok);
  CHECK(alone.error.find("non-negative") != std::string::npos);
}

}  // namespace trellis::testing
