// The top-degree scan (top_degrees.hpp): ORDER BY a per-node hop count DESC
// ... [SKIP s] LIMIT k keeps only the nodes that can make the top k. On
// generated graphs full of ties, with Functions and Methods sharing
// qualified names (whose groups merge), every spelling's answer must be the
// rows [s, s + k) of the same query without SKIP and LIMIT, which sorts
// every row (stable) and takes no rewrite. The degree loop itself
// (executor/top_degrees.hpp) is also called directly, for its stop checks.
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <tbb/global_control.h>

#include <atomic>
#include <chrono>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "executor/top_degrees.hpp"
#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/cypher/value/value_text.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::testing {
namespace {

std::uint32_t draw(std::mt19937& rng, std::uint32_t below) { return static_cast<std::uint32_t>(rng() % below); }

// Functions, Methods (half share a Function's qualified name) and
// Classes; CALLS and INHERITS edges with few distinct degrees (many ties),
// self loops and parallel edges.
GraphStore tied_graph(std::mt19937& rng, std::uint32_t functions) {
  GraphBuilder b;
  std::vector<BuildId> ids;
  const auto add = [&](Label label, const std::string& qualified_name) {
    auto id = b.add_node(label, qualified_name, qualified_name.substr(qualified_name.rfind('.') + 1));
    REQUIRE(id.ok());
    ids.push_back(*id);
  };
  for (std::uint32_t i = 0; i < functions; ++i) add(Label::Function, fmt::format("m.f{}", i));
  for (std::uint32_t i = 0; i < functions; ++i) {
    add(Label::Method, draw(rng, 2) == 0 ? fmt::format("m.f{}", i) : fmt::format("m.C.m{}", i));
  }
  for (std::uint32_t i = 0; i < functions / 2; ++i) add(Label::Class, fmt::format("m.C{}", i));
  const auto n = static_cast<std::uint32_t>(ids.size());
  for (std::uint32_t e = 0; e < 3 * n; ++e) {
    const BuildId from = ids[draw(rng, n)];
    const BuildId to = draw(rng, 12) == 0 ? from : ids[draw(rng, n / 3)];  // a few popular targets
    b.add_edge(draw(rng, 5) == 0 ? RelType::Inherits : RelType::Calls, from, to);
  }
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  return std::move(built->store);
}

struct Answer {
  std::vector<std::string> rows;
  std::string plan;
};

Answer answer(const GraphStore& store, const std::string& query) {
  cypher::CypherOptions options;
  options.row_limit = 100'000;
  // The answers are checked, not the time: the unlimited queries run for
  // seconds in a sanitizer build on a busy machine, past the default timeout.
  options.timeout = std::chrono::minutes(10);
  auto result = cypher::run_cypher(store, query, {}, options);
  REQUIRE_MESSAGE(result.ok(), query);
  Answer out;
  for (const auto& row : result->rows) {
    std::string text;
    for (const cypher::Value& value : row) text += (text.empty() ? "" : " | ") + cypher::display_text(store, value);
    out.rows.push_back(text);
  }
  auto explained = cypher::run_cypher(store, "EXPLAIN " + query, {}, cypher::CypherOptions{});
  REQUIRE(explained.ok());
  out.plan = explained->plan;
  return out;
}

void check_top(const GraphStore& store, const std::string& query, std::size_t skip, std::size_t limit) {
  const std::string paged = fmt::format("{}{} LIMIT {}", query, skip == 0 ? "" : fmt::format(" SKIP {}", skip), limit);
  CAPTURE(paged);
  const Answer all = answer(store, query);
  const Answer top = answer(store, paged);
  CHECK(all.plan.find("by degree") == std::string::npos);
  CHECK(top.plan.find(fmt::format("top {} by degree", skip + limit)) != std::string::npos);
  const std::size_t begin = std::min(skip, all.rows.size());
  const std::size_t end = std::min(skip + limit, all.rows.size());
  CHECK(top.rows == std::vector<std::string>(all.rows.begin() + static_cast<std::ptrdiff_t>(begin),
                                             all.rows.begin() + static_cast<std::ptrdiff_t>(end)));
}

TEST_CASE("cypher top-degree scan: every spelling's top k is the prefix of the fully sorted answer, ties included") {
  std::mt19937 rng(2126);
  const std::vector<std::string> queries = {
      // grouped by qualified name over two labels: groups of a shared name merge
      "MATCH ()-[:CALLS]->(f) WHERE f:Function OR f:Method RETURN f.qualified_name AS qn, count(*) AS c ORDER BY c DESC, qn",
      "MATCH ()-[:CALLS]->(f:Function|Method) RETURN f.qualified_name AS qn, count(*) AS c ORDER BY c DESC",
      "MATCH (f)<-[:CALLS|INHERITS]-() WHERE labels(f)[0] IN ['Method', 'Function'] RETURN f.qualified_name AS qn, count(*) AS c ORDER BY c DESC, qn DESC",
      // grouped by the node: ties in the scan's order
      "MATCH (f:Method)-[:CALLS]->() RETURN f, count(*) AS c ORDER BY c DESC",
      "MATCH (f:Function)-[:CALLS]-() RETURN f.qualified_name AS qn, count(*) AS c ORDER BY c DESC",
      "MATCH (f)<--() RETURN f, count(*) AS c ORDER BY c DESC, f.name",
      // COUNT { }: nodes of count 0 are rows too
      "MATCH (f) WHERE f:Function OR f:Method RETURN f.qualified_name AS qn, COUNT { (f)<-[:CALLS]-() } AS c ORDER BY c DESC, qn",
      "MATCH (f:Class|Method) RETURN f, COUNT { (f)-[:CALLS]-() } AS c ORDER BY c DESC",
      "MATCH (f:Function) RETURN f.name AS name, COUNT { (f:Function)<-[:CALLS]-() } AS c ORDER BY c DESC",
      // an empty label
      "MATCH ()-[:CALLS]->(f:Interface) RETURN f.qualified_name AS qn, count(*) AS c ORDER BY c DESC, qn",
      "MATCH (f:Interface) RETURN f, COUNT { (f)<--() } AS c ORDER BY c DESC",
  };
  for (int graph = 0; graph < 10; ++graph) {
    const GraphStore store = tied_graph(rng, 10 + draw(rng, 40));
    for (const std::string& query : queries) {
      for (const std::size_t limit : {0u, 1u, 3u, 7u, 1000u}) check_top(store, query, draw(rng, 2) == 0 ? 0 : draw(rng, 5), limit);
    }
  }
}

TEST_CASE("cypher top-degree scan: degrees counted in parallel blocks give the same answer on any number of threads") {
  // 100,000 nodes: every scanned label spans several blocks of the parallel count.
  std::mt19937 rng(21);
  const GraphStore store = tied_graph(rng, 40'000);
  for (const std::string query : {
           "MATCH ()-[:CALLS]->(f:Function|Method) RETURN f.qualified_name AS qn, count(*) AS c ORDER BY c DESC, qn",
           "MATCH (f:Method|Function) RETURN f, COUNT { (f)-[:CALLS|INHERITS]-() } AS c ORDER BY c DESC",
       }) {
    for (const std::size_t threads : {1u, 4u}) {
      CAPTURE(threads);
      const tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism, threads);
      check_top(store, query, 0, 10);
      check_top(store, query, 5, 200);
    }
  }
}

TEST_CASE("cypher top-degree scan: shapes it does not fit keep the plain scan") {
  std::mt19937 rng(5);
  const GraphStore store = tied_graph(rng, 20);
  for (const std::string query : {
           "MATCH ()-[:CALLS]->(f:Function) RETURN f, count(*) AS c ORDER BY c LIMIT 3",                // ascending
           "MATCH ()-[:CALLS]->(f:Function) RETURN f.name AS name, count(*) AS c ORDER BY c DESC LIMIT 3",  // groups by name
           "MATCH (g)-[:CALLS]->(f:Function) RETURN f, count(g.name) AS c ORDER BY c DESC LIMIT 3",       // not count(*)
           "MATCH ()-[:CALLS]->(f:Function) WHERE f.name <> 'f1' RETURN f, count(*) AS c ORDER BY c DESC LIMIT 3",
           "MATCH ()-[:CALLS]->(f:Function) RETURN f, count(*) AS c ORDER BY f.name DESC LIMIT 3",
           "MATCH (f:Function) RETURN f, COUNT { (f)<-[:CALLS]-(g) WHERE g:Method } AS c ORDER BY c DESC LIMIT 3",
           "UNWIND [1, 2] AS x MATCH (f:Function) RETURN f, COUNT { (f)<--() } AS c ORDER BY c DESC LIMIT 3",
       }) {
    CAPTURE(query);
    CHECK(answer(store, query).plan.find("by degree") == std::string::npos);
  }
}

}  // namespace
}  // namespace trellis::testing

namespace trellis::testing {
namespace {

// 100,000 Functions (several blocks of the degree count), 20 of them called:
// the rows after the scan are few, so no per-row tick reaches the clock and
// only the degree loop's own check can stop the query.
GraphStore few_called_functions() {
  GraphBuilder b;
  std::vector<BuildId> ids;
  for (int i = 0; i < 100'000; ++i) {
    auto id = b.add_node(Label::Function, fmt::format("m.f{}", i), fmt::format("f{}", i));
    REQUIRE(id.ok());
    ids.push_back(*id);
  }
  for (int called = 0; called < 20; ++called) {
    for (int caller = 0; caller <= called; ++caller) b.add_edge(RelType::Calls, ids[static_cast<std::size_t>(50'000 + caller)], ids[static_cast<std::size_t>(called * 4'000)]);
  }
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  return std::move(built->store);
}

TEST_CASE("cypher top-degree scan: the degree loop stops at the query's timeout or cancel with the TIMEOUT error") {
  const GraphStore store = few_called_functions();
  const NodeRange functions = store.nodes(Label::Function);
  cypher::TopDegreeSpec spec;
  spec.types = {RelType::Calls};
  spec.direction = cypher::Direction::In;
  spec.keep = 3;
  const auto run = [&](const cypher::CypherOptions& options) {
    const cypher::ExecContext ctx(store, options, false);
    return cypher::top_degree_candidates(ctx, std::span(&functions, 1), spec);
  };
  const std::vector<NodeId> best = run(cypher::CypherOptions{});
  REQUIRE(best.size() == 3);
  CHECK(store.name(best[0]) == "f68000");
  CHECK(store.name(best[2]) == "f76000");

  // Called directly, so only the loop's own checks can throw (run_cypher also
  // checks the clock once the rows are out).
  cypher::CypherOptions expired;
  expired.timeout = std::chrono::milliseconds{0};
  try {
    run(expired);
    FAIL("the degree loop ran past its deadline");
  } catch (const cypher::RuntimeError& stop) {
    CHECK(stop.error.code == ErrorCode::Timeout);
    CHECK(stop.error.message == "The query ran longer than its timeout of 0 ms");
  }
  std::atomic<bool> cancel{true};
  cypher::CypherOptions cancelled;
  cancelled.cancel = &cancel;
  try {
    run(cancelled);
    FAIL("the degree loop ran on after the cancel");
  } catch (const cypher::RuntimeError& stop) {
    CHECK(stop.error.code == ErrorCode::Timeout);
    CHECK(stop.error.message == "The query was cancelled");
  }

  // Through run_cypher: the query's normal TIMEOUT answer.
  const std::string query = "MATCH ()-[:CALLS]->(f:Function) RETURN f.qualified_name AS qn, count(*) AS c ORDER BY c DESC LIMIT 3";
  REQUIRE(answer(store, query).plan.find("top 3 by degree") != std::string::npos);
  CHECK(answer(store, query).rows == std::vector<std::string>{"m.f76000 | 20", "m.f72000 | 19", "m.f68000 | 18"});
  auto timed_out = cypher::run_cypher(store, query, {}, expired);
  REQUIRE_FALSE(timed_out.ok());
  CHECK(timed_out.error().code == ErrorCode::Timeout);
  CHECK(timed_out.error().message == "The query ran longer than its timeout of 0 ms");
}

}  // namespace
}  // namespace trellis::testing
