#include <doctest/doctest.h>

#include <string>

#include "engine/queries/query_test_graphs.hpp"
#include "trellis/queries/structural_queries.hpp"

using namespace trellis;
using namespace trellis::queries;
using trellis::testing::named;
using trellis::testing::NamedGraph;
using trellis::testing::NamedRows;

namespace {

using DependencyAdjacency = std::vector<std::pair<std::string, std::vector<std::string>>>;

// Modules app.main, app.util, app.db (imports main -> util, os; util -> db;
// db -> main, os: a cycle) and the package app.pkg with its __init__ Module
// (imports util), the namespace package app.ns (no module).
// app.main defines run (which defines inner) and class Job (method go);
// main's own code calls run. Calls: run -> helper, inner, Job;
// Job.go -> query; inner -> fmt; helper -> query; query -> connect;
// connect -> run. Unresolved call sites: run 2, Job.go 1, helper 1.
// Functions get ids in the order added: helper, fmt, query, connect, run, inner.
NamedGraph app_graph() {
  NamedGraph g;
  g.node(Label::Package, "app.pkg").node(Label::Package, "app.ns");
  g.node(Label::ExternalPackage, "os");
  for (const char* name : {"app.main", "app.util", "app.db", "app.pkg"})
    g.node(Label::Module, name);
  g.node(Label::Class, "app.main.Job");
  g.node(Label::Function, "app.util.helper").unresolved_calls(1);
  g.node(Label::Function, "app.util.fmt");
  g.node(Label::Function, "app.db.query");
  g.node(Label::Function, "app.db.connect");
  g.node(Label::Function, "app.main.run").unresolved_calls(2);
  g.node(Label::Function, "app.main.run.inner");
  g.node(Label::Method, "app.main.Job.go").unresolved_calls(1);
  g.edge(RelType::Imports, "app.main", "app.util")
      .edge(RelType::Imports, "app.main", "os")
      .edge(RelType::Imports, "app.util", "app.db")
      .edge(RelType::Imports, "app.db", "app.main")
      .edge(RelType::Imports, "app.db", "os")
      .edge(RelType::Imports, "app.pkg", "app.util");
  g.edge(RelType::Defines, "app.main", "app.main.run")
      .edge(RelType::Defines, "app.main", "app.main.Job")
      .edge(RelType::Defines, "app.main.run", "app.main.run.inner")
      .edge(RelType::Defines, "app.main.Job", "app.main.Job.go")
      .edge(RelType::Defines, "app.util", "app.util.helper")
      .edge(RelType::Defines, "app.util", "app.util.fmt")
      .edge(RelType::Defines, "app.db", "app.db.query")
      .edge(RelType::Defines, "app.db", "app.db.connect");
  g.edge(RelType::Calls, "app.main", "app.main.run")
      .edge(RelType::Calls, "app.main.run", "app.util.helper")
      .edge(RelType::Calls, "app.main.run", "app.util.helper")  // parallel: listed once
      .edge(RelType::Calls, "app.main.run", "app.main.run.inner")
      .edge(RelType::Calls, "app.main.run", "app.main.Job")
      .edge(RelType::Calls, "app.main.run", "app.main.run")  // recursion
      .edge(RelType::Calls, "app.main.Job.go", "app.db.query")
      .edge(RelType::Calls, "app.main.run.inner", "app.util.fmt")
      .edge(RelType::Calls, "app.util.helper", "app.db.query")
      .edge(RelType::Calls, "app.db.query", "app.db.connect")
      .edge(RelType::Calls, "app.db.connect", "app.main.run");
  g.build();
  return g;
}

DependenciesResult dependencies(const GraphStore& store, const std::string& target,
                                DependencyType type, bool transitive) {
  TraversalScratch scratch;
  auto result = query_dependencies(store, {target, type, transitive}, scratch);
  REQUIRE_MESSAGE(result.ok(), result.error().message);
  return std::move(result).value();
}

DependencyAdjacency adjacency(const GraphStore& store, const DependenciesResult& result) {
  DependencyAdjacency out;
  for (const auto& [source, targets] : result.dependency_graph) {
    out.emplace_back(store.qualified_name(source), named(store, targets));
  }
  return out;
}

}  // namespace

TEST_CASE("dependencies of a module: its imports and the calls of its code that leave it") {
  const NamedGraph g = app_graph();
  const DependenciesResult main = dependencies(g.store(), "app.main", DependencyType::All, false);
  CHECK(g.store().qualified_name(main.target) == "app.main");
  CHECK(g.store().label(main.target) == Label::Module);
  CHECK(named(g.store(), main.imports) == NamedRows{{"os", 1}, {"app.util", 1}});
  // run, inner, Job and Job.go are the module's own: calls to them are left out.
  CHECK(named(g.store(), main.calls) ==
        NamedRows{{"app.util.helper", 1}, {"app.util.fmt", 1}, {"app.db.query", 1}});
  CHECK(adjacency(g.store(), main) == DependencyAdjacency{{"app.main", {"os", "app.util"}},
                                                {"app.main.run", {"app.util.helper"}},
                                                {"app.main.Job.go", {"app.db.query"}},
                                                {"app.main.run.inner", {"app.util.fmt"}}});
  CHECK(main.count.total_count == 5);
  CHECK_FALSE(main.count.truncated);
  CHECK(main.unresolved_calls == 3);  // run 2 + Job.go 1
}

TEST_CASE("dependencies of a module, transitive: imports and calls followed on, by depth") {
  const NamedGraph g = app_graph();
  const DependenciesResult main = dependencies(g.store(), "app.main", DependencyType::All, true);
  CHECK(named(g.store(), main.imports) == NamedRows{{"os", 1}, {"app.util", 1}, {"app.db", 2}});
  CHECK(named(g.store(), main.calls) == NamedRows{{"app.util.helper", 1},
                                                  {"app.util.fmt", 1},
                                                  {"app.db.query", 1},
                                                  {"app.db.connect", 2}});
  // Edges back to the module (db imports main, connect calls run) are shown.
  CHECK(adjacency(g.store(), main) == DependencyAdjacency{{"app.main", {"os", "app.util"}},
                                                {"app.util", {"app.db"}},
                                                {"app.db", {"os", "app.main"}},
                                                {"app.main.run", {"app.util.helper"}},
                                                {"app.main.Job.go", {"app.db.query"}},
                                                {"app.main.run.inner", {"app.util.fmt"}},
                                                {"app.util.helper", {"app.db.query"}},
                                                {"app.db.query", {"app.db.connect"}},
                                                {"app.db.connect", {"app.main.run"}}});
  CHECK(main.count.total_count == 7);
  CHECK(main.unresolved_calls == 4);  // and helper's one
}

TEST_CASE("dependencies of a function: its module's imports and its own calls") {
  const NamedGraph g = app_graph();
  const DependenciesResult run =
      dependencies(g.store(), "app.main.run", DependencyType::All, false);
  CHECK(g.store().qualified_name(run.target) == "app.main.run");
  CHECK(named(g.store(), run.imports) == NamedRows{{"os", 1}, {"app.util", 1}});
  // Recursion does not list run itself; a constructor call lists the class.
  CHECK(named(g.store(), run.calls) ==
        NamedRows{{"app.main.Job", 1}, {"app.util.helper", 1}, {"app.main.run.inner", 1}});
  CHECK(adjacency(g.store(), run) ==
        DependencyAdjacency{{"app.main", {"os", "app.util"}},
                  {"app.main.run", {"app.main.Job", "app.util.helper", "app.main.run.inner"}}});
  CHECK(run.unresolved_calls == 2);

  const DependenciesResult transitive =
      dependencies(g.store(), "app.main.run", DependencyType::Calls, true);
  CHECK(transitive.imports.empty());
  CHECK(named(g.store(), transitive.calls) == NamedRows{{"app.main.Job", 1},
                                                        {"app.util.helper", 1},
                                                        {"app.main.run.inner", 1},
                                                        {"app.util.fmt", 2},
                                                        {"app.db.query", 2},
                                                        {"app.db.connect", 3}});
  CHECK(adjacency(g.store(), transitive) ==
        DependencyAdjacency{{"app.main.run", {"app.main.Job", "app.util.helper", "app.main.run.inner"}},
                  {"app.util.helper", {"app.db.query"}},
                  {"app.main.run.inner", {"app.util.fmt"}},
                  {"app.db.query", {"app.db.connect"}},
                  {"app.db.connect", {"app.main.run"}}});
  CHECK(transitive.unresolved_calls == 3);  // run 2, helper 1

  // A method's module is found through its class.
  const DependenciesResult go = dependencies(g.store(), "Job.go", DependencyType::Imports, false);
  CHECK(named(g.store(), go.imports) == NamedRows{{"os", 1}, {"app.util", 1}});
  CHECK(go.calls.empty());
  CHECK(go.unresolved_calls == 0);
}

TEST_CASE("dependencies of one type only") {
  const NamedGraph g = app_graph();
  const DependenciesResult imports =
      dependencies(g.store(), "app.main", DependencyType::Imports, true);
  CHECK(named(g.store(), imports.imports) == NamedRows{{"os", 1}, {"app.util", 1}, {"app.db", 2}});
  CHECK(imports.calls.empty());
  CHECK(imports.unresolved_calls == 0);
  CHECK(adjacency(g.store(), imports) == DependencyAdjacency{{"app.main", {"os", "app.util"}},
                                                   {"app.util", {"app.db"}},
                                                   {"app.db", {"os", "app.main"}}});

  const DependenciesResult calls =
      dependencies(g.store(), "app.main", DependencyType::Calls, false);
  CHECK(calls.imports.empty());
  CHECK(calls.calls.size() == 3);
  CHECK(calls.count.total_count == 3);
}

TEST_CASE("dependencies of a package is its __init__ module's; a namespace package has none") {
  const NamedGraph g = app_graph();
  const DependenciesResult pkg = dependencies(g.store(), "app.pkg", DependencyType::All, false);
  CHECK(g.store().label(pkg.target) == Label::Module);
  CHECK(named(g.store(), pkg.imports) == NamedRows{{"app.util", 1}});

  const DependenciesResult ns = dependencies(g.store(), "app.ns", DependencyType::All, true);
  CHECK(g.store().label(ns.target) == Label::Package);
  CHECK(ns.imports.empty());
  CHECK(ns.calls.empty());
  CHECK(ns.dependency_graph.empty());
}

TEST_CASE("dependencies, transitive, stop after 10 steps: the 11th module is absent") {
  NamedGraph g;
  for (int i = 0; i <= 12; ++i) g.node(Label::Module, "chain.m" + std::to_string(i));
  for (int i = 0; i < 12; ++i) {
    g.edge(RelType::Imports, "chain.m" + std::to_string(i), "chain.m" + std::to_string(i + 1));
  }
  g.build();
  const DependenciesResult deep =
      dependencies(g.store(), "chain.m0", DependencyType::Imports, true);
  REQUIRE(deep.imports.size() == 10);
  CHECK(named(g.store(), std::span(deep.imports).last(1)) == NamedRows{{"chain.m10", 10}});
  CHECK(deep.count.total_count == 10);
  const DependenciesResult direct =
      dependencies(g.store(), "chain.m0", DependencyType::Imports, false);
  CHECK(named(g.store(), direct.imports) == NamedRows{{"chain.m1", 1}});
}

TEST_CASE("dependencies truncate at 100 rows over imports and calls, imports first") {
  NamedGraph g;
  g.node(Label::Module, "big.hub").node(Label::Function, "big.hub.run");
  g.edge(RelType::Defines, "big.hub", "big.hub.run");
  for (int i = 0; i < 60; ++i) {
    const std::string module = "big.m" + std::to_string(i);
    const std::string function = module + ".f";
    g.node(Label::Module, module).node(Label::Function, function);
    g.edge(RelType::Imports, "big.hub", module).edge(RelType::Calls, "big.hub.run", function);
  }
  g.build();
  const DependenciesResult hub = dependencies(g.store(), "big.hub", DependencyType::All, false);
  CHECK(hub.imports.size() == 60);
  CHECK(hub.calls.size() == 40);
  CHECK(hub.count.total_count == 120);
  CHECK(hub.count.truncated);
  // The graph shows only edges to listed nodes.
  REQUIRE(hub.dependency_graph.size() == 2);
  CHECK(hub.dependency_graph[0].second.size() == 60);
  CHECK(hub.dependency_graph[1].second.size() == 40);
}

TEST_CASE("dependencies passes on NODE_NOT_FOUND and AMBIGUOUS_NAME") {
  const NamedGraph g = app_graph();
  TraversalScratch scratch;
  const auto missing =
      query_dependencies(g.store(), {"app.main.runn", DependencyType::All, false}, scratch);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().code == ErrorCode::NodeNotFound);
  CHECK(missing.error().suggestions == std::vector<std::string>{"app.main.run"});

  NamedGraph twins;
  twins.node(Label::Function, "a.tools.load").node(Label::Function, "b.tools.load");
  twins.build();
  const auto ambiguous =
      query_dependencies(twins.store(), {"load", DependencyType::All, false}, scratch);
  REQUIRE_FALSE(ambiguous.ok());
  CHECK(ambiguous.error().code == ErrorCode::AmbiguousName);
  CHECK(ambiguous.error().suggestions == std::vector<std::string>{"a.tools.load", "b.tools.load"});
}

TEST_CASE("dependencies on the shop fixture: modules, a package, a method, transitive or not") {
  const GraphStore& store = trellis::testing::shop_store();
  auto query = [&](const std::string& target, DependencyType type, bool transitive) {
    return dependencies(store, target, type, transitive);
  };

  const DependenciesResult auth = query("shop.services.auth", DependencyType::All, false);
  CHECK(named(store, auth.imports) ==
        NamedRows{{"typing", 1}, {"shop", 1}, {"shop.services.repo", 1}, {"shop.util.log", 1}});
  // Calls between auth's own definitions (main -> build, ping <-> pong, ...) are left out.
  CHECK(named(store, auth.calls) == NamedRows{{"shop.services.repo.Repo", 1},
                                              {"shop.util.log.log", 1},
                                              {"shop.models.Base.save", 1},
                                              {"shop.services.repo.Repo.find", 1},
                                              {"shop.services.repo.Repo.get", 1}});
  CHECK(auth.unresolved_calls ==
        2);  // session.get in logout, the shadowing parameter log in shadowed

  const DependenciesResult login = query("AuthService.login", DependencyType::All, false);
  CHECK(named(store, login.imports) == named(store, auth.imports));
  CHECK(named(store, login.calls) == NamedRows{{"shop.util.log.log", 1},
                                               {"shop.models.Base.save", 1},
                                               {"shop.services.repo.Repo.find", 1}});
  CHECK(login.unresolved_calls == 0);

  const DependenciesResult reach = query("AuthService.login", DependencyType::Calls, true);
  CHECK(reach.imports.empty());
  CHECK(named(store, reach.calls) == NamedRows{{"shop.util.log.log", 1},
                                               {"shop.models.Base.save", 1},
                                               {"shop.services.repo.Repo.find", 1},
                                               {"shop.models.User", 2},
                                               {"shop.models.Base.validate", 2}});
  CHECK(adjacency(store, reach) ==
        DependencyAdjacency{{"shop.services.auth.AuthService.login",
                   {"shop.util.log.log", "shop.models.Base.save", "shop.services.repo.Repo.find"}},
                  {"shop.models.Base.save", {"shop.util.log.log", "shop.models.Base.validate"}},
                  {"shop.services.repo.Repo.find", {"shop.models.User"}}});

  // The package name resolves to its __init__ module.
  const DependenciesResult shop = query("shop", DependencyType::All, false);
  CHECK(store.label(shop.target) == Label::Module);
  CHECK(named(store, shop.imports) == NamedRows{{"shop.models", 1}});
  CHECK(named(store, shop.calls) == NamedRows{{"shop.models.User", 1}});
  const DependenciesResult shop_all = query("shop", DependencyType::Imports, true);
  CHECK(named(store, shop_all.imports) ==
        NamedRows{{"shop.models", 1}, {"shop.util.log", 2}, {"os", 3}});

  // An import cycle and a call cycle: each edge back to the module is shown once.
  const DependenciesResult cycle = query("shop.cycle_a", DependencyType::All, true);
  CHECK(named(store, cycle.imports) == NamedRows{{"shop.cycle_b", 1}});
  CHECK(named(store, cycle.calls) == NamedRows{{"shop.cycle_b.b", 1}});
  CHECK(adjacency(store, cycle) == DependencyAdjacency{{"shop.cycle_a", {"shop.cycle_b"}},
                                             {"shop.cycle_b", {"shop.cycle_a"}},
                                             {"shop.cycle_a.a", {"shop.cycle_b.b"}},
                                             {"shop.cycle_b.b", {"shop.cycle_a.a"}}});
}
