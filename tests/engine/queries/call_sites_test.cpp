// Call sites on the answers that follow CALLS: callers, callees, the call
// graph and the call path give the lines of each call, on the Python
// fixture tests/fixtures/python/shop.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "query_test_graphs.hpp"
#include "trellis/queries/call_reach.hpp"

using namespace trellis;
using namespace trellis::queries;

namespace {

// {row name, {caller name, lines}} of a reach answer.
using SiteRows = std::vector<std::pair<std::string, std::pair<std::string, std::vector<std::int32_t>>>>;

SiteRows site_rows(const GraphStore& store, const CallReachResult& r) {
  REQUIRE(r.call_sites.size() == r.nodes.size());
  SiteRows rows;
  for (std::size_t i = 0; i < r.nodes.size(); ++i) {
    rows.push_back({store.qualified_name(r.nodes[i].node),
                    {store.qualified_name(r.call_sites[i].caller), r.call_sites[i].lines}});
  }
  return rows;
}

NodeId node(const GraphStore& store, std::string_view qualified_name) {
  const auto found = store.find_all(qualified_name);
  REQUIRE(found.size() == 1);
  return found.front();
}

}  // namespace

TEST_CASE("call_site_lines: every line where one function calls another, sorted; none when it does not") {
  const GraphStore& store = trellis::testing::shop_store();
  const NodeId login = node(store, "shop.services.auth.AuthService.login");
  const NodeId log = node(store, "shop.util.log.log");
  CHECK(call_site_lines(store, login, log) == std::vector<std::int32_t>{18, 19});
  CHECK(call_site_lines(store, node(store, "shop.services.auth.main"), login) == std::vector<std::int32_t>{35});
  CHECK(call_site_lines(store, log, login).empty());
}

TEST_CASE("callers give the call sites of their last step: into the target, or into the next caller of the chain") {
  const GraphStore& store = trellis::testing::shop_store();
  TraversalScratch scratch;
  const auto r = query_callers(store, {"shop.util.log.log", 2, true, true}, scratch);
  REQUIRE(r.ok());
  CHECK(site_rows(store, *r) ==
        SiteRows{{"shop.models.Base.save", {"shop.models.Base.save", {7}}},
                 {"shop.models.User.validate", {"shop.models.User.validate", {22}}},
                 {"shop.services.auth.AuthService.login", {"shop.services.auth.AuthService.login", {18, 19}}},
                 {"shop.app.run", {"shop.app.run", {8}}},
                 {"shop.services.auth.main", {"shop.services.auth.main", {35}}}});
}

TEST_CASE("callees give the call sites of the call from the function before them") {
  const GraphStore& store = trellis::testing::shop_store();
  TraversalScratch scratch;
  const auto r = query_callees(store, {"shop.services.auth.main", 2, false}, scratch);
  REQUIRE(r.ok());
  const SiteRows rows = site_rows(store, *r);
  const auto row = [&](std::string_view name) {
    for (const auto& entry : rows) {
      if (entry.first == name) return entry.second;
    }
    FAIL("no row " << name);
    return std::pair<std::string, std::vector<std::int32_t>>{};
  };
  CHECK(row("shop.services.auth.AuthService.login") ==
        std::pair<std::string, std::vector<std::int32_t>>{"shop.services.auth.main", {35}});
  CHECK(row("shop.util.log.log") ==
        std::pair<std::string, std::vector<std::int32_t>>{"shop.services.auth.AuthService.login", {18, 19}});
}

TEST_CASE("call graph edges and call path steps carry their call sites") {
  const GraphStore& store = trellis::testing::shop_store();
  TraversalScratch scratch;
  const auto graph = query_call_graph(store, {"shop.services.auth.AuthService.login", 1, 50, false}, scratch);
  REQUIRE(graph.ok());
  const NodeId log = node(store, "shop.util.log.log");
  const auto edge = std::find_if(graph->edges.begin(), graph->edges.end(), [&](const CallGraphEdge& e) { return e.to == log; });
  REQUIRE(edge != graph->edges.end());
  CHECK(edge->lines == std::vector<std::int32_t>{18, 19});

  const auto path = query_call_path(store, {"shop.services.auth.main", "shop.util.log.log", 10}, scratch);
  REQUIRE(path.ok());
  REQUIRE(path->path.size() == 3);
  REQUIRE(path->call_sites.size() == 2);
  CHECK(store.qualified_name(path->call_sites[0].caller) == "shop.services.auth.main");
  CHECK(path->call_sites[0].lines == std::vector<std::int32_t>{35});
  CHECK(store.qualified_name(path->call_sites[1].caller) == "shop.services.auth.AuthService.login");
  CHECK(path->call_sites[1].lines == std::vector<std::int32_t>{18, 19});
}
