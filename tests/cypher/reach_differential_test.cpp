// Randomised differential test of the planner's rewrites for variable-length
// patterns and pattern subqueries: generated queries over small generated
// graphs (self loops, parallel edges, cycles both ways), each asked in a
// spelling the rewrite takes (RETURN DISTINCT, count(DISTINCT), a pattern
// predicate, COUNT { }) and in one that enumerates every path (the old
// executor's answer). EXPLAIN checks that each spelling got the plan meant.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "generator/code_graph_generator.hpp"
#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::testing {
namespace {

using cypher::CypherOptions;

std::uint32_t pick(std::mt19937& rng, std::uint32_t below) { return static_cast<std::uint32_t>(rng() % below); }

// A graph of `nodes` nodes labelled Function, Method or Class, with random
// CALLS and INHERITS edges: many small cycles, self loops and repeated edges.
BuiltGraph differential_graph(std::mt19937& rng, std::uint32_t nodes, std::uint32_t edges) {
  GraphBuilder builder;
  const Label labels[] = {Label::Function, Label::Method, Label::Class};
  std::vector<BuildId> ids;
  for (std::uint32_t i = 0; i < nodes; ++i) {
    const std::string name = fmt::format("n{}", i);
    auto id = builder.add_node(labels[pick(rng, 3)], "m." + name, name);
    REQUIRE(id.ok());
    ids.push_back(*id);
  }
  for (std::uint32_t e = 0; e < edges; ++e) {
    const BuildId from = ids[pick(rng, nodes)];
    // Mostly short hops between neighbouring ids (cycles), some anywhere, a few self loops.
    const std::uint32_t kind = pick(rng, 10);
    BuildId to = kind == 0 ? from : kind < 4 ? ids[pick(rng, nodes)] : ids[(from + 1 + pick(rng, 3)) % nodes];
    builder.add_edge(pick(rng, 4) == 0 ? RelType::Inherits : RelType::Calls, from, to);
    if (pick(rng, 8) == 0) builder.add_edge(RelType::Calls, from, to);  // a parallel edge
  }
  auto built = std::move(builder).build();
  REQUIRE(built.ok());
  return std::move(built).value();
}

// The rows of `query`, each value as text: a node as its qualified name.
using DifferentialTable = std::vector<std::vector<std::string>>;
DifferentialTable differential_rows(const GraphStore& store, const std::string& query) {
  CypherOptions options;
  options.row_limit = 1'000'000;
  auto result = cypher::run_cypher(store, query, {}, options);
  REQUIRE_MESSAGE(result.ok(), query, ": ", result.ok() ? "" : result.error().message);
  DifferentialTable rows;
  for (const auto& row : result->rows) {
    std::vector<std::string> cells;
    for (const auto& value : row) {
      switch (value.kind()) {
        case cypher::ValueKind::Node: cells.push_back(store.qualified_name(value.as_node().id)); break;
        case cypher::ValueKind::Int: cells.push_back(std::to_string(value.as_int())); break;
        case cypher::ValueKind::Bool: cells.push_back(value.as_bool() ? "true" : "false"); break;
        default: FAIL("unexpected value in ", query);
      }
    }
    rows.push_back(std::move(cells));
  }
  return rows;
}

std::string differential_plan(const GraphStore& store, const std::string& query) {
  auto result = cypher::run_cypher(store, "EXPLAIN " + query, {}, CypherOptions{});
  REQUIRE_MESSAGE(result.ok(), query);
  return result->plan;
}

struct DifferentialShape {
  std::string near;   // the start, e.g. "(a {qualified_name: 'm.n3'})" or "(a)" (unanchored)
  std::string step;   // "-[:CALLS*1..3]->"
  std::string far;    // ":Method" (labels of the far end, may be empty)
  std::string where;  // "" or " WHERE b.name <> ..."
};

std::string differential_step(std::mt19937& rng) {
  static const char* const types[] = {":CALLS", ":CALLS|INHERITS", ":INHERITS", ""};
  const std::uint32_t min = pick(rng, 2);
  const std::uint32_t max = min + pick(rng, 4);
  std::string length;
  switch (pick(rng, 4)) {
    case 0: length = fmt::format("*{}..{}", min, std::max(max, 1u)); break;
    case 1: length = fmt::format("*..{}", std::max(max, 1u)); break;
    case 2: length = min == 0 ? "*0..0" : "*1"; break;
    default: length = fmt::format("*{}..{}", min, max); break;
  }
  const std::string body = fmt::format("[{}{}]", types[pick(rng, 4)], length);
  switch (pick(rng, 3)) {
    case 0: return "-" + body + "->";
    case 1: return "<-" + body + "-";
    default: return "-" + body + "-";
  }
}

DifferentialShape differential_shape(std::mt19937& rng, std::uint32_t nodes) {
  static const char* const far_labels[] = {"", ":Method", ":Function|Class"};
  DifferentialShape shape;
  switch (pick(rng, 4)) {
    case 0: shape.near = "(a)"; break;
    case 1: shape.near = fmt::format("(a:Function {{name: 'n{}'}})", pick(rng, nodes)); break;
    default: shape.near = fmt::format("(a {{qualified_name: 'm.n{}'}})", pick(rng, nodes)); break;
  }
  shape.step = differential_step(rng);
  shape.far = far_labels[pick(rng, 3)];
  if (pick(rng, 4) == 0) shape.where = fmt::format(" WHERE b.name <> 'n{}'", pick(rng, nodes));
  return shape;
}

void check_differential_shape(const GraphStore& store, const DifferentialShape& s) {
  const std::string match = "MATCH " + s.near + s.step + "(b" + s.far + ")" + s.where;
  CAPTURE(match);
  // Every path enumerated (the old executor's answer): pairs, ends, paths per start.
  const std::string enumerate = match + " RETURN a, b, count(*) AS paths";
  CHECK(differential_plan(store, enumerate).find("ReachExpand") == std::string::npos);
  std::set<std::vector<std::string>> pairs;
  std::set<std::string> ends;
  std::map<std::string, std::int64_t> paths;
  for (const auto& row : differential_rows(store, enumerate)) {
    pairs.insert({row[0], row[1]});
    ends.insert(row[1]);
    paths[row[0]] += std::stoll(row[2]);
  }
  const std::string distinct_pairs = match + " RETURN DISTINCT a, b";
  CHECK(differential_plan(store, distinct_pairs).find("ReachExpand") != std::string::npos);
  const DifferentialTable reached = differential_rows(store, distinct_pairs);
  CHECK(std::set<std::vector<std::string>>(reached.begin(), reached.end()) == pairs);
  CHECK(reached.size() == pairs.size());
  const DifferentialTable counted = differential_rows(store, match + " RETURN count(DISTINCT b) AS n");
  REQUIRE(counted.size() == 1);
  CHECK(counted[0][0] == std::to_string(ends.size()));
  if (!s.where.empty()) return;
  // The pattern as a predicate, EXISTS { } and COUNT { }, for every start.
  const std::string outer = "MATCH " + s.near;
  const std::string pattern = "(a)" + s.step + "(" + s.far + ")";
  std::set<std::string> starts;
  for (const auto& [start, n] : paths) starts.insert(start);
  const DifferentialTable existing = differential_rows(store, outer + " WHERE " + pattern + " RETURN a");
  CHECK(differential_plan(store, outer + " WHERE " + pattern + " RETURN a").find("ReachExpand") != std::string::npos);
  CHECK(existing.size() == starts.size());
  for (const auto& row : existing) CHECK(starts.count(row[0]) == 1);
  for (const auto& row : differential_rows(store, outer + " RETURN a, EXISTS { " + pattern + " } AS e, COUNT { " + pattern + " } AS n")) {
    const auto it = paths.find(row[0]);
    CHECK(row[1] == (it == paths.end() ? "false" : "true"));
    CHECK(row[2] == std::to_string(it == paths.end() ? 0 : it->second));
  }
}

TEST_CASE("cypher differential: distinct ends of generated variable-length patterns match path enumeration") {
  std::mt19937 rng(20261127);
  for (int graph = 0; graph < 6; ++graph) {
    const std::uint32_t nodes = 6 + pick(rng, 20);
    const BuiltGraph built = differential_graph(rng, nodes, nodes + pick(rng, 2 * nodes));
    for (int q = 0; q < 25; ++q) check_differential_shape(built.store, differential_shape(rng, nodes));
  }
}

TEST_CASE("cypher differential: one-hop COUNT { } and EXISTS { } read off the CSR agree with expanding the pattern") {
  std::mt19937 rng(7);
  const BuiltGraph built = differential_graph(rng, 30, 90);
  const GraphStore& store = built.store;
  for (const std::string step : {"-[:CALLS]->", "<-[:CALLS]-", "-[:CALLS]-", "-->", "<--", "--", "-[:CALLS|INHERITS]-"}) {
    for (const std::string far : {"()", "(b)", "(a)"}) {
      CAPTURE(step);
      CAPTURE(far);
      const std::string pattern = "(a)" + step + far;
      const std::string by_degree = "MATCH (a) RETURN a, COUNT { " + pattern + " } AS n, EXISTS { " + pattern + " } AS e";
      CHECK(differential_plan(store, by_degree).find("DegreeCount") != std::string::npos);
      // The same by expanding: a predicate inside keeps the pattern from being read off the CSR.
      const std::string expanded = "(a)" + step + "(x) WHERE " + (far == "(a)" ? "x = a" : "x IS NOT NULL");
      const std::string reference = "MATCH (a) RETURN a, COUNT { " + expanded + " } AS n, EXISTS { " + expanded + " } AS e";
      CHECK(differential_plan(store, reference).find("DegreeCount") == std::string::npos);
      CHECK(differential_rows(store, by_degree) == differential_rows(store, reference));
    }
  }
}

TEST_CASE("cypher differential: count(DISTINCT) within five calls on a generated code graph agrees with enumeration") {
  auto builder = bench::generate_code_graph({2'000, 3});
  REQUIRE(builder.ok());
  auto built = std::move(*builder).build();
  REQUIRE(built.ok());
  const GraphStore& store = built->store;
  // The most called functions: the hubs the reach rewrite is for.
  CypherOptions options;
  options.row_limit = 5;
  auto hubs = cypher::run_cypher(
      store, "MATCH (f:Function)<-[:CALLS]-() RETURN f.qualified_name AS q, count(*) AS c ORDER BY c DESC LIMIT 5", {},
      options);
  REQUIRE(hubs.ok());
  REQUIRE(hubs->rows.size() == 5);
  for (const auto& row : hubs->rows) {
    const std::string q = row[0].as_string();
    CAPTURE(q);
    for (const int depth : {1, 2, 3}) {
      const std::string match = fmt::format("MATCH (c)-[:CALLS*1..{}]->(f) WHERE f.qualified_name = '{}'", depth, q);
      const DifferentialTable enumerated = differential_rows(store, match + " RETURN c, count(*) AS paths");
      const DifferentialTable counted = differential_rows(store, match + " RETURN count(DISTINCT c) AS n");
      REQUIRE(counted.size() == 1);
      CHECK(counted[0][0] == std::to_string(enumerated.size()));
    }
  }
}

}  // namespace
}  // namespace trellis::testing
