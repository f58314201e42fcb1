// The engine (binder, planner, executor) on statements built as ASTs, so
// it is checked apart from the parser. The conformance corpus
// (corpus_test.cpp) covers the language through query text.
#include <doctest/doctest.h>

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
