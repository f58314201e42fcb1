// Grouping by `n.qualified_name` of a variable of several labels groups by
// the node (fast, row by row) and merges the rare groups whose name a node
// of another label shares: the answers are those of grouping by the name.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/cypher/value/value_text.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::testing {
namespace {

// A Function and a Method both named `pkg.A.f` (a module pkg/A.py beside a
// class A in pkg/__init__.py), a Function `pkg.g`, and callers: c1 and c2
// call the function, c2 and c3 the method, c1 calls g.
GraphStore shared_name_store() {
  GraphBuilder b;
  const auto node = [&](Label label, std::string_view qualified_name, std::string_view name) {
    auto added = b.add_node(label, qualified_name, name);
    REQUIRE(added.ok());
    return *added;
  };
  const BuildId fn = node(Label::Function, "pkg.A.f", "f");
  const BuildId method = node(Label::Method, "pkg.A.f", "f");
  const BuildId g = node(Label::Function, "pkg.g", "g");
  const BuildId c1 = node(Label::Function, "pkg.c1", "c1");
  const BuildId c2 = node(Label::Function, "pkg.c2", "c2");
  const BuildId c3 = node(Label::Function, "pkg.c3", "c3");
  b.add_edge(RelType::Calls, c1, fn);
  b.add_edge(RelType::Calls, c2, fn);
  b.add_edge(RelType::Calls, c2, method);
  b.add_edge(RelType::Calls, c3, method);
  b.add_edge(RelType::Calls, c1, g);
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  return std::move(built->store);
}

std::vector<std::string> rows_of(const GraphStore& store, std::string_view query, std::string* plan = nullptr) {
  auto result = cypher::run_cypher(store, query, {}, cypher::CypherOptions{});
  REQUIRE(result.ok());
  std::vector<std::string> rows;
  for (const auto& row : result->rows) {
    std::string text;
    for (const cypher::Value& value : row) text += (text.empty() ? "" : " | ") + cypher::display_text(store, value);
    rows.push_back(text);
  }
  if (plan != nullptr) {
    auto explained = cypher::run_cypher(store, std::string("EXPLAIN ") + std::string(query), {}, cypher::CypherOptions{});
    REQUIRE(explained.ok());
    *plan = explained->plan;
  }
  return rows;
}

}  // namespace

TEST_CASE("cypher aggregation by the qualified_name of several labels merges nodes that share it") {
  const GraphStore store = shared_name_store();
  std::string plan;
  // One row per input node: grouped row by row, the shared name merged.
  auto rows = rows_of(store,
                      "MATCH ()-[:CALLS]->(f) WHERE f:Function OR f:Method "
                      "RETURN f.qualified_name AS q, count(*) AS c ORDER BY c DESC, q",
                      &plan);
  CHECK(plan.find("RowAggregate q, c") != std::string::npos);
  CHECK(rows == std::vector<std::string>{"pkg.A.f | 4", "pkg.g | 1"});
  // Several rows per node: grouped node by node, every aggregate merged.
  rows = rows_of(store,
                 "MATCH (f)<-[:CALLS]-(c) WHERE f:Function OR f:Method RETURN f.qualified_name AS q, "
                 "count(*) AS n, count(DISTINCT c) AS callers, min(c.name) AS first, max(c.name) AS last, "
                 "sum(size(c.name)) AS letters, size(collect(c.name)) AS collected ORDER BY q",
                 &plan);
  CHECK(plan.find("OrderedAggregate") != std::string::npos);
  CHECK(rows == std::vector<std::string>{"pkg.A.f | 4 | 3 | c1 | c3 | 8 | 4", "pkg.g | 1 | 1 | c1 | c1 | 2 | 1"});
  // The same question grouped by the name itself (hash aggregation) agrees.
  rows = rows_of(store,
                 "MATCH (f)<-[:CALLS]-(c) WHERE f:Function OR f:Method WITH f.qualified_name + '' AS q, c "
                 "RETURN q, count(*) AS n, count(DISTINCT c) AS callers ORDER BY q");
  CHECK(rows == std::vector<std::string>{"pkg.A.f | 4 | 3", "pkg.g | 1 | 1"});
  // One label: the name is unique, the node is the key.
  rows = rows_of(store, "MATCH ()-[:CALLS]->(f:Method) RETURN f.qualified_name AS q, count(*) AS c");
  CHECK(rows == std::vector<std::string>{"pkg.A.f | 2"});
}

}  // namespace trellis::testing
