// The engine (binder, planner, executor) on statements built as ASTs, so
// it is checked apart from the parser. The conformance corpus
// (corpus_test.cpp) covers the language through query text.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <atomic>

#include "cypher/ast_builders.hpp"
#include "engine/queries/query_test_graphs.hpp"
#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/cypher/value/value_text.hpp"

namespace trellis::testing {
namespace {

using namespace cypher_ast;
using cypher::CypherOptions;

std::string rows_text(const GraphStore& store, const cypher::CypherResult& result) {
  std::string out;
  for (const auto& row : result.rows) {
    std::string line;
    for (const auto& value : row) {
      if (!line.empty()) line += " | ";
      line += cypher::display_text(store, value);
    }
    out += line + "\n";
  }
  return out;
}

TEST_CASE("cypher engine: an anchored two-hop DISTINCT pattern lists callers of callers") {
  const GraphStore& store = shop_store();
  // MATCH (f:Function {qualified_name: $q})<-[:CALLS]-()<-[:CALLS]-(g) RETURN DISTINCT g.qualified_name AS g ORDER BY g
  auto s = statement({match({chain(node("f", {"Function"}, map("qualified_name", param("q"))),
                                   {{rel({"CALLS"}, ast::Direction::Incoming), node("")},
                                    {rel({"CALLS"}, ast::Direction::Incoming), node("g")}})}),
                      ret({item(prop(var("g"), "qualified_name"), "g.qualified_name", "g")}, true,
                          {ast::SortItem{var("g"), false}})});
  auto result = cypher::run_statement(store, s, {{"q", cypher::Value("shop.util.log.log")}}, CypherOptions{});
  REQUIRE(result.ok());
  CHECK(result->columns == std::vector<std::string>{"g"});
  CHECK(rows_text(store, *result) ==
        "shop.app.run\nshop.services.auth.AuthService.login\nshop.services.auth.main\n");
}

TEST_CASE("cypher engine: count(*) per function by CALLS in-degree, top 3") {
  const GraphStore& store = shop_store();
  auto s = statement({match({chain(node("f", {"Function"}), {{rel({"CALLS"}, ast::Direction::Incoming), node("")}})}),
                      ret({item(prop(var("f"), "qualified_name"), "f.qualified_name"), item(count_star(), "count(*)", "c")},
                          false, {ast::SortItem{var("c"), true}}, 3)});
  auto result = cypher::run_statement(store, s, {}, CypherOptions{});
  REQUIRE(result.ok());
  // Ties keep the scan's order (ids: helper before a, b and main).
  CHECK(rows_text(store, *result) == "shop.util.log.log | 4\nshop.services.auth.ping | 2\nshop.broken.helper | 1\n");
}

}  // namespace
}  // namespace trellis::testing

namespace trellis::testing {
namespace {

TEST_CASE("cypher bounds: a query past its timeout fails with TIMEOUT") {
  CypherOptions options;
  options.timeout = std::chrono::milliseconds(30);
  options.max_intermediate_rows = 1'000'000'000;
  auto result = cypher::run_cypher(shop_store(),
                                   "UNWIND range(1, 100000) AS x UNWIND range(1, 100000) AS y RETURN count(*) AS n", {},
                                   options);
  REQUIRE_FALSE(result.ok());
  CHECK(result.error().code == ErrorCode::Timeout);
}

TEST_CASE("cypher bounds: a query whose cancel flag is set stops with TIMEOUT and says it was cancelled") {
  std::atomic<bool> cancel{false};
  CypherOptions options;
  options.cancel = &cancel;
  const std::string_view query = "MATCH (a), (b), (c) RETURN count(*) AS n";
  auto whole = cypher::run_cypher(shop_store(), query, {}, options);
  REQUIRE(whole.ok());
  CHECK(whole->rows.at(0).at(0).as_int() == 62 * 62 * 62);  // an unset flag changes nothing
  cancel = true;
  auto cancelled = cypher::run_cypher(shop_store(), query, {}, options);
  REQUIRE_FALSE(cancelled.ok());
  CHECK(cancelled.error().code == ErrorCode::Timeout);
  CHECK(cancelled.error().message == "The query was cancelled");
}

TEST_CASE("cypher bounds: more intermediate rows than the cap is refused with a clear message") {
  CypherOptions options;
  options.max_intermediate_rows = 1000;
  auto sorted = cypher::run_cypher(shop_store(), "UNWIND range(1, 5000) AS x RETURN x ORDER BY x DESC", {}, options);
  REQUIRE_FALSE(sorted.ok());
  CHECK(sorted.error().code == ErrorCode::InvalidArgument);
  CHECK(sorted.error().message.find("more than 1000 intermediate rows") != std::string::npos);
  auto collected = cypher::run_cypher(shop_store(), "UNWIND range(1, 5000) AS x RETURN collect(x) AS xs", {}, options);
  REQUIRE_FALSE(collected.ok());
  // Counting the result past the row limit stops at the cap: total_count is then a lower bound.
  auto counted = cypher::run_cypher(shop_store(), "UNWIND range(1, 5000) AS x RETURN x", {}, options);
  REQUIRE(counted.ok());
  CHECK(counted->rows.size() == 50);
  CHECK(counted->total_count == 1000);
  CHECK(counted->truncated);
}

TEST_CASE("cypher EXPLAIN prints the plan without running; PROFILE adds rows and time per operator") {
  const char* query = "MATCH (f:Function {qualified_name: 'shop.util.log.log'})<-[:CALLS]-(g) RETURN g.name AS g";
  auto explained = cypher::run_cypher(shop_store(), std::string("EXPLAIN ") + query, {}, CypherOptions{});
  REQUIRE(explained.ok());
  CHECK(explained->mode == cypher::QueryMode::Explain);
  CHECK(explained->rows.empty());
  CHECK(explained->plan ==
        "Project g\n"
        "  Expand (f:Function)<-[:CALLS]-(g)\n"
        "    NodeByQualifiedName (f:Function) = 'shop.util.log.log'\n"
        "      Argument\n");
  auto profiled = cypher::run_cypher(shop_store(), std::string("PROFILE ") + query, {}, CypherOptions{});
  REQUIRE(profiled.ok());
  CHECK(profiled->rows.size() == 4);
  CHECK(profiled->plan.find("Expand (f:Function)<-[:CALLS]-(g)  [rows 4, ") != std::string::npos);
  CHECK(profiled->plan.find("NodeByQualifiedName (f:Function) = 'shop.util.log.log'  [rows 1, ") != std::string::npos);
}

TEST_CASE("cypher EXPLAIN and PROFILE show a pattern predicate's subplan under the operator that evaluates it") {
  const char* query =
      "MATCH (f:Function) WHERE (f)-[:CALLS]->(:Method {name: 'find'}) OR NOT exists((f)<-[:CALLS]-()) "
      "RETURN f.name AS f ORDER BY f LIMIT 2";
  // Row by row: each subplan sits two levels under its Filter, above the
  // Filter's input (one level under); its Argument is the outer row.
  CypherOptions rows;
  rows.batched = false;
  auto explained = cypher::run_cypher(shop_store(), std::string("EXPLAIN ") + query, {}, rows);
  REQUIRE(explained.ok());
  CHECK(explained->plan ==
        "Limit 2\n"
        "  Top 2 by f\n"
        "    Project f\n"
        "      Filter exists((f)-[:CALLS]->(:Method)) OR NOT exists((f)<-[:CALLS]-())\n"
        "          Filter _.name = 'find'\n"
        "            Expand (f)-[:CALLS]->(:Method)\n"
        "              Argument\n"
        "          DegreeCount (f)<-[:CALLS]-()\n"
        "        NodeScan (f:Function)\n"
        "          Argument\n");
  // Batched (the default): the same subplans under the batch's filter, which
  // runs them row by row.
  auto batched = cypher::run_cypher(shop_store(), std::string("EXPLAIN ") + query, {}, CypherOptions{});
  REQUIRE(batched.ok());
  CHECK(batched->plan ==
        "Limit 2\n"
        "  BatchTop 2 by f\n"
        "    BatchFilter (row by row) exists((f)-[:CALLS]->(:Method)) OR NOT exists((f)<-[:CALLS]-())\n"
        "        Filter _.name = 'find'\n"
        "          Expand (f)-[:CALLS]->(:Method)\n"
        "            Argument\n"
        "        DegreeCount (f)<-[:CALLS]-()\n"
        "      BatchScan (f:Function)\n");
  for (const bool batch : {false, true}) {
    CypherOptions options;
    options.batched = batch;
    auto profiled = cypher::run_cypher(shop_store(), std::string("PROFILE ") + query, {}, options);
    REQUIRE(profiled.ok());
    REQUIRE(profiled->rows.size() == 2);
    CHECK(profiled->rows[0][0].as_string() == "_private");
    // The first subplan runs once per function (21); the second only where the first found nothing.
    const std::string indent = batch ? "" : "  ";
    CHECK(profiled->plan.find("\n          " + indent + "Expand (f)-[:CALLS]->(:Method)  [rows ") != std::string::npos);
    CHECK(profiled->plan.find("\n            " + indent + "Argument  [rows 21, ") != std::string::npos);
    CHECK(profiled->plan.find(batch ? "\n      BatchScan (f:Function)  [rows 21, " : "\n        NodeScan (f:Function)  [rows 21, ") !=
          std::string::npos);
  }
}

TEST_CASE("cypher planner: top-k by CALLS in-degree counts with the CSR degree and names only the kept rows") {
  auto explained = cypher::run_cypher(
      shop_store(),
      "EXPLAIN MATCH (f:Function)<-[:CALLS]-() RETURN f.qualified_name, count(*) AS c ORDER BY c DESC LIMIT 10", {},
      CypherOptions{});
  REQUIRE(explained.ok());
  CHECK(explained->plan ==
        "Project f.qualified_name (after LIMIT)\n"
        "  Limit 10\n"
        "    Top 10 by c DESC\n"
        "      RowAggregate f.qualified_name, c\n"
        "        ExpandCount (f:Function)<-[:CALLS]-()\n"
        "          NodeScan (f:Function) top 10 by degree (f:Function)<-[:CALLS]-()\n"
        "            Argument\n");
}

TEST_CASE("cypher planner: label tests in WHERE plan as the pattern's labels, in every spelling") {
  // Grouped by the node, row by row; the name is read after the LIMIT. The
  // scan yields only the nodes whose in-degree can make the top 3.
  const std::string expected =
      "Project f (after LIMIT)\n"
      "  Limit 3\n"
      "    Top 3 by c DESC\n"
      "      RowAggregate f, c\n"
      "        ExpandCount (f:Function|Method)<-[:CALLS]-()\n"
      "          NodeScan (f:Function|Method) top 3 by degree (f:Function|Method)<-[:CALLS]-()\n"
      "            Argument\n";
  for (const std::string_view where :
       {"f:Function OR f:Method", "f:Method OR 'Function' IN labels(f)", "labels(f)[0] IN ['Function', 'Method']",
        "head(labels(f)) = 'Method' OR labels(f)[0] = 'Function'", "labels(f)[0] IN ['Method', 'Function', 'Nope']"}) {
    CAPTURE(where);
    auto explained = cypher::run_cypher(shop_store(),
                                        fmt::format("EXPLAIN MATCH ()-[:CALLS]->(f) WHERE {} RETURN f.qualified_name "
                                                    "AS f, count(*) AS c ORDER BY c DESC LIMIT 3",
                                                    where),
                                        {}, CypherOptions{});
    REQUIRE(explained.ok());
    CHECK(explained->plan == expected);
  }
  // Tests no pattern label can meet, and tests that are not only of labels, stay filters.
  for (const std::string_view where : {"f:Function:Method", "labels(f)[0] = 'Nope'", "NOT f:Method", "f:Method OR f.name = 'x'"}) {
    CAPTURE(where);
    auto explained = cypher::run_cypher(
        shop_store(), fmt::format("EXPLAIN MATCH (f) WHERE {} RETURN count(f) AS n", where), {}, CypherOptions{});
    REQUIRE(explained.ok());
    CHECK(explained->plan.find("Filter") != std::string::npos);
    // Over every node: scanned, or counted per label when the filter reads only labels.
    CHECK((explained->plan.find("BatchScan (f)\n") != std::string::npos ||
           explained->plan.find("LabelCount (f)\n") != std::string::npos));
  }
  // Two labels at once: no node has both (kept out of the corpus, whose
  // Kùzu translation has no multi-label test).
  auto both = cypher::run_cypher(shop_store(), "MATCH (f) WHERE f:Function:Method RETURN count(f) AS n", {},
                                 CypherOptions{});
  REQUIRE(both.ok());
  REQUIRE(both->rows.size() == 1);
  CHECK(both->rows[0][0].as_int() == 0);
}

TEST_CASE("cypher planner: a named far end or relationship the aggregation never reads is counted by degree") {
  const GraphStore& store = shop_store();
  // The operator that counts (empty: none, the hop is expanded).
  const auto count_of = [&](std::string_view query, std::string_view counter) {
    auto explained = cypher::run_cypher(store, std::string("EXPLAIN ") + std::string(query), {}, CypherOptions{});
    REQUIRE(explained.ok());
    for (const std::string_view op : {"EdgeCount", "ExpandCount", "TypeCount"}) {
      CHECK((explained->plan.find(op) != std::string::npos) == (op == counter));
    }
    auto run = cypher::run_cypher(store, query, {}, CypherOptions{});
    REQUIRE(run.ok());
    REQUIRE(run->rows.size() == 1);
    return run->rows[0][0].as_int();
  };
  const auto calls = static_cast<std::int64_t>(store.edge_count(RelType::Calls));
  // Neither end constrained or read: the store's edge count.
  CHECK(count_of("MATCH (a)-[:CALLS]->(b) RETURN count(*) AS n", "EdgeCount") == calls);
  CHECK(count_of("MATCH (a)-[r:CALLS]->(b) RETURN count(*) AS n", "EdgeCount") == calls);
  CHECK(count_of("MATCH ()<-[:CALLS|INHERITS]-() RETURN count(*) AS n", "EdgeCount") ==
        calls + static_cast<std::int64_t>(store.edge_count(RelType::Inherits)));
  // One end labelled: the degrees of the label's nodes, one difference of CSR offsets.
  CHECK(count_of("MATCH (a:Function)-[:CALLS]->(b) RETURN count(*) AS n", "TypeCount") < calls);
  CHECK(count_of("MATCH (a)-[:CALLS]->(a) RETURN count(*) AS n", "") == 1);  // the self loop
  // A far end with labels is counted inside the labels' id ranges: the same
  // count as the expansion that reads b (undirected, a self loop once).
  for (const std::string_view hop : {"(a)-[:CALLS]->(b:Function)", "(a:Function)<-[:CALLS]-(b:Function|Method)",
                                     "(a)-[:CALLS]-(b:Function)", "(a:Module)-[:DEFINES|CALLS]->(b:Class)"}) {
    CAPTURE(hop);
    const std::int64_t expanded =
        count_of(fmt::format("MATCH {} RETURN sum(CASE WHEN a = b THEN 1 ELSE 1 END) AS n", hop), "");
    // The whole count is the store's per type (TypeCount); counted per near end, it is ExpandCount's.
    CHECK(count_of(fmt::format("MATCH {} RETURN count(*) AS n", hop), "TypeCount") == expanded);
    CHECK(count_of(fmt::format("MATCH {} WITH a, count(*) AS n RETURN sum(n) AS s", hop), "ExpandCount") == expanded);
  }
  // count(b) of a matched b is count(*): b is never null there.
  CHECK(count_of("MATCH (a)-[r:CALLS]->(b) RETURN count(b) AS n", "EdgeCount") == calls);
  CHECK(count_of("MATCH (a)-[r:CALLS]->(b) RETURN count(r) AS n", "EdgeCount") == calls);
  // Only b is read: anchored at b, the hop to a is counted (b's in-degree).
  CHECK(count_of("MATCH (a)-[r:CALLS]->(b) RETURN count(b.name) AS n", "ExpandCount") == calls);
  CHECK(count_of("MATCH (a)-[r:CALLS]->(b) RETURN count(DISTINCT b) AS n", "ExpandCount") < calls);
  CHECK(count_of("MATCH (a)-[r:CALLS]->(b) RETURN count(DISTINCT a) + count(DISTINCT b) AS n", "") < 2 * calls);
}

TEST_CASE("cypher planner: a WITH runs inside the batch pipeline of what reads it next") {
  const auto plan_of = [](std::string_view query) {
    auto explained = cypher::run_cypher(shop_store(), std::string("EXPLAIN ") + std::string(query), {}, CypherOptions{});
    REQUIRE(explained.ok());
    return explained->plan;
  };
  for (const std::string_view query : {
           "MATCH (f:Function) WITH f WHERE f.line_start > 10 RETURN count(*) AS n",
           "MATCH (a)-[:CALLS]->(b) WITH a, b RETURN b.name AS n, count(*) AS c ORDER BY c DESC LIMIT 3",
           "MATCH (a:Function) WITH a AS x MATCH (x)-[:CALLS]->(y) RETURN count(*) AS n",
           "MATCH (a)-[:CALLS]->(b) WITH b AS a, a AS b RETURN a.name AS x, b.name AS y ORDER BY x, y LIMIT 3",
       }) {
    CAPTURE(query);
    const std::string plan = plan_of(query);
    CHECK(plan.find("BatchAlias") != std::string::npos);
    CHECK(plan.find("Unbatch") == std::string::npos);
    CHECK(plan.find("Project") == std::string::npos);
  }
  // Items that compute a value are columns of the pipeline (BatchProject).
  const std::string computed = plan_of("MATCH (f:Function) WITH f, f.name AS n WHERE n > 'a' RETURN count(*) AS c");
  CHECK(computed.find("BatchProject f, n") != std::string::npos);
  CHECK(computed.find("BatchFilter n > 'a'") != std::string::npos);
  CHECK(computed.find("Unbatch") == std::string::npos);
  // LIMIT keeps the row operators.
  CHECK(plan_of("MATCH (f:Function) WITH f LIMIT 2 RETURN count(*) AS c").find("BatchAlias") == std::string::npos);
  // An aggregation with no batched form (a collect of lists) reads the pipeline's rows through Unbatch.
  const std::string rows = plan_of("MATCH (f:Function) WITH f, size(f.name) AS s RETURN s, collect([f.name])[0] AS x");
  CHECK(rows.find("Aggregate s, x\n  Unbatch\n    BatchProject f, s") != std::string::npos);
}

TEST_CASE("cypher planner: the last hop of several is counted when only a count reads its far end") {
  const auto plan_of = [](std::string_view query) {
    auto explained = cypher::run_cypher(shop_store(), std::string("EXPLAIN ") + std::string(query), {}, CypherOptions{});
    REQUIRE(explained.ok());
    return explained->plan;
  };
  CHECK(plan_of("MATCH (a)-[:CALLS]->(b)-[:CALLS]->(c) RETURN count(*) AS n").find("BatchExpandCount (b)-[:CALLS]->(c)") !=
        std::string::npos);
  CHECK(plan_of("MATCH (m:Module)-[:DEFINES]->(f)-[:CALLS]->(g) RETURN m.name AS k, count(*) AS c")
            .find("BatchExpandCount (f)-[:CALLS]->(g)") != std::string::npos);
  // After a variable-length hop (a relationship list, no column) the row ExpandCount counts it.
  CHECK(plan_of("MATCH (a:Function {name: 'main'})-[:CALLS*1..2]->(b)-[:CALLS]->(c) RETURN count(*) AS n")
            .find("ExpandCount (b)-[:CALLS]->(c)") != std::string::npos);
  // The far end read, or a second part of the MATCH: every hop expands.
  CHECK(plan_of("MATCH (a)-[:CALLS]->(b)-[:CALLS]->(c) RETURN c.name AS k, count(*) AS n").find("ExpandCount") ==
        std::string::npos);
  CHECK(plan_of("MATCH (a)-[:CALLS]->(b)-[:CALLS]->(c), (c)-[:DEFINES]-(d) RETURN count(*) AS n").find("ExpandCount (b)") ==
        std::string::npos);
}

TEST_CASE("cypher planner: a lone node pattern only a count reads is counted by the store") {
  const GraphStore& store = shop_store();
  const auto count_of = [&](std::string_view query, bool node_count) {
    auto explained = cypher::run_cypher(store, std::string("EXPLAIN ") + std::string(query), {}, CypherOptions{});
    REQUIRE(explained.ok());
    CHECK((explained->plan.find("NodeCount") != std::string::npos) == node_count);
    auto run = cypher::run_cypher(store, query, {}, CypherOptions{});
    REQUIRE(run.ok());
    REQUIRE(run->rows.size() == 1);
    return run->rows[0].back().as_int();
  };
  const auto classes = static_cast<std::int64_t>(store.node_count(Label::Class));
  CHECK(count_of("MATCH (c:Class) RETURN count(*) AS n", true) == classes);
  CHECK(count_of("MATCH (n) RETURN count(*) AS n", true) == static_cast<std::int64_t>(store.node_count()));
  CHECK(count_of("MATCH (c:Class|Function) RETURN count(*) AS n", true) ==
        classes + static_cast<std::int64_t>(store.node_count(Label::Function)));
  CHECK(count_of("MATCH (c:Interface) RETURN count(*) AS n", true) == 0);
  CHECK(count_of("MATCH (c:Class:Function) RETURN count(*) AS n", true) == 0);  // no node has both (a false WHERE)
  CHECK(count_of("MATCH (m:Module) MATCH (c:Class) RETURN count(*) AS n", true) ==
        classes * static_cast<std::int64_t>(store.node_count(Label::Module)));
  CHECK(count_of("MATCH (c:Class) RETURN sum(2) AS n", true) == 2 * classes);
  // count(c) of a matched c is count(*): c is never null there.
  CHECK(count_of("MATCH (c:Class) RETURN count(c) AS n", true) == classes);
  CHECK(count_of("MATCH (c:Class) RETURN count(c) AS a, count(*) AS n", true) == classes);
  // The node is read (or constrained): scanned.
  CHECK(count_of("MATCH (c:Class) RETURN count(c.name) AS n", false) == classes);
  CHECK(count_of("MATCH (c:Class) RETURN count(DISTINCT c) AS n", false) == classes);
  CHECK(count_of("MATCH (c:Class) WHERE c.name STARTS WITH 'A' RETURN count(*) AS n", false) < classes);
  CHECK(count_of("MATCH (c:Class {name: 'Admin'}) RETURN count(*) AS n", false) == 1);
}

TEST_CASE("cypher planner: variable-length patterns whose rows matter only as a set reach their ends breadth-first") {
  const auto plan_of = [](std::string_view query) {
    auto explained = cypher::run_cypher(shop_store(), std::string("EXPLAIN ") + std::string(query), {}, CypherOptions{});
    REQUIRE(explained.ok());
    return explained->plan;
  };
  CHECK(plan_of("MATCH (c)-[:CALLS*1..5]->(f) WHERE f.qualified_name = 'shop.util.log.log' RETURN count(DISTINCT c) AS n") ==
        "BatchAggregate n\n"
        "  BatchRows\n"
        "    ReachExpand (f)<-[:CALLS]-(c) *1..5 (distinct ends)\n"
        "      NodeByQualifiedName (f) = 'shop.util.log.log'\n"
        "        Argument\n");
  for (const std::string_view reaching : {
           "MATCH (a:Function {name: 'main'})-[:CALLS*..3]->(b:Method) RETURN DISTINCT b.name",
           "MATCH (a:Function {name: 'main'})-[r:CALLS*0..3]-(b) RETURN collect(DISTINCT b) AS bs, max(b.name) AS m",
           "MATCH (a:Function {name: 'main'})-[:CALLS*..3]->(b) WITH b MATCH (b)<-[:DEFINES]-(m) RETURN DISTINCT m",
           "MATCH (a:Function) WHERE (a)-[:CALLS*..3]->(:Method) RETURN a",
           "MATCH (a:Function) RETURN EXISTS { (a)-[:CALLS*..3]->(:Method) } AS e",
       }) {
    CAPTURE(reaching);
    CHECK(plan_of(reaching).find("ReachExpand") != std::string::npos);
  }
  // Each path counts, is read, or another relationship must differ from the walked ones: enumerated.
  for (const std::string_view enumerating : {
           "MATCH (a:Function {name: 'main'})-[:CALLS*..3]->(b) RETURN b.name",
           "MATCH (a:Function {name: 'main'})-[:CALLS*..3]->(b) RETURN count(b) AS n",
           "MATCH (a:Function {name: 'main'})-[:CALLS*..3]->(b) RETURN DISTINCT b, count(*) AS n",
           "MATCH (a:Function {name: 'main'})-[r:CALLS*..3]->(b) RETURN DISTINCT size(r) AS n",
           "MATCH p = (a:Function {name: 'main'})-[:CALLS*..3]->(b) RETURN DISTINCT length(p) AS n",
           "MATCH (a:Function {name: 'main'})-[:CALLS*2..3]->(b) RETURN DISTINCT b",
           "MATCH (a:Function {name: 'main'})-[:CALLS*..3]->(b)-[:CALLS]->(c) RETURN DISTINCT c",
           "MATCH (a:Function {name: 'main'})-[:CALLS*..3]->(b) WITH b LIMIT 3 RETURN DISTINCT b",
           "MATCH (a:Function) RETURN COUNT { (a)-[:CALLS*..3]->(:Method) } AS n",
       }) {
    CAPTURE(enumerating);
    CHECK(plan_of(enumerating).find("ReachExpand") == std::string::npos);
    CHECK(plan_of(enumerating).find("VarExpand") != std::string::npos);
  }
}

TEST_CASE("cypher planner: COUNT { } of one hop with no predicate is read off the CSR, in either direction") {
  const char* query =
      "MATCH (f:Function) RETURN f.qualified_name AS f, COUNT { (f)<-[:CALLS]-() } AS c ORDER BY c DESC LIMIT 3";
  auto explained = cypher::run_cypher(shop_store(), std::string("EXPLAIN ") + query, {}, CypherOptions{});
  REQUIRE(explained.ok());
  CHECK(explained->plan ==
        "Project f (after LIMIT)\n"
        "  Limit 3\n"
        "    Top 3 by c DESC\n"
        "        DegreeCount (f)<-[:CALLS]-()\n"
        "      Project f, c\n"
        "        NodeScan (f:Function) top 3 by degree (f)<-[:CALLS]-()\n"
        "          Argument\n");
  auto profiled = cypher::run_cypher(shop_store(), std::string("PROFILE ") + query, {}, CypherOptions{});
  REQUIRE(profiled.ok());
  CHECK(rows_text(shop_store(), *profiled) == "shop.util.log.log | 4\nshop.services.auth.ping | 2\nshop.broken.helper | 1\n");
  // The top-k computes the count (an item it sorts on by itself): once per
  // function (21), a row where the count is not 0 (11 functions are called).
  CHECK(profiled->plan.find("DegreeCount (f)<-[:CALLS]-()  [rows 11, ") != std::string::npos);
  // Written from the other end, without a type, or between two bound nodes: still the degree.
  for (const std::string_view count : {"COUNT { ()-[:CALLS]->(f) }", "COUNT { (f)--() }", "COUNT { (f)-->(f) }",
                                       "COUNT { MATCH (f)<-[r]-(g) }", "EXISTS { (f:Function)<-[:CALLS]-() }"}) {
    CAPTURE(count);
    auto plan = cypher::run_cypher(shop_store(), fmt::format("EXPLAIN MATCH (f:Function) RETURN {} AS c", count), {},
                                   CypherOptions{});
    REQUIRE(plan.ok());
    CHECK(plan->plan.find("DegreeCount") != std::string::npos);
  }
  // A label on the far end, a WHERE, or two hops expand the pattern.
  for (const std::string_view count : {"COUNT { (f)<-[:CALLS]-(:Method) }", "COUNT { (f)<-[:CALLS]-(g) WHERE g.name = 'x' }",
                                       "COUNT { (f)<-[:CALLS]-()<-[:CALLS]-() }"}) {
    CAPTURE(count);
    auto plan = cypher::run_cypher(shop_store(), fmt::format("EXPLAIN MATCH (f:Function) RETURN {} AS c", count), {},
                                   CypherOptions{});
    REQUIRE(plan.ok());
    CHECK(plan->plan.find("DegreeCount") == std::string::npos);
    CHECK(plan->plan.find("Expand") != std::string::npos);
  }
}

TEST_CASE("cypher errors carry the position and suggestions of the unknown name") {
  auto result = cypher::run_cypher(shop_store(), "MATCH (f:Function)\nWHERE f.qualifed_name = 'x' RETURN f", {},
                                   CypherOptions{});
  REQUIRE_FALSE(result.ok());
  CHECK(result.error().code == ErrorCode::CypherSemanticError);
  REQUIRE(result.error().position.has_value());
  CHECK(result.error().position->line == 2);
  CHECK(result.error().position->column == 9);
  REQUIRE_FALSE(result.error().suggestions.empty());
  CHECK(result.error().suggestions.front() == "qualified_name");
}

}  // namespace
}  // namespace trellis::testing
