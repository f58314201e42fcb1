// The agent-context queries (outline, children, importers, dependency chain)
// on the Python and TypeScript fixtures, indexed through the whole pipeline:
// exact answers checked against the fixtures' sources, and the error codes.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../../ingest/typescript/indexed_fixture.hpp"
#include "trellis/queries/context_queries.hpp"
#include "trellis/queries/query_catalog.hpp"

using namespace trellis;
using namespace trellis::queries;

namespace {

const test::IndexedFixture& python_shop() {
  static const test::IndexedFixture fixture("python/shop");
  return fixture;
}
const test::IndexedFixture& typescript_shop() {
  static const test::IndexedFixture fixture("typescript/shop");
  return fixture;
}

std::vector<std::string> outline_rows(const GraphStore& store, const OutlineResult& r) {
  std::vector<std::string> rows;
  for (const OutlineEntry& e : r.entries) {
    const PropertyValue line = store.property(e.node, "line_start");
    rows.push_back(std::to_string(std::get<std::int64_t>(line)) + " " + std::string(to_string(store.label(e.node))) +
                   " " + store.qualified_name(e.node) + " < " + store.qualified_name(e.parent) + " @" +
                   std::to_string(e.depth));
  }
  return rows;
}

std::vector<std::string> names_at(const GraphStore& store, const std::vector<NodeAtDepth>& nodes) {
  std::vector<std::string> out;
  for (const NodeAtDepth& n : nodes) out.push_back(std::to_string(n.depth) + " " + store.qualified_name(n.node));
  return out;
}

std::vector<std::string> names(const GraphStore& store, const std::vector<NodeId>& nodes) {
  std::vector<std::string> out;
  for (const NodeId node : nodes) out.push_back(store.qualified_name(node));
  return out;
}

}  // namespace

TEST_CASE("outline lists a file's definitions in line order with parents, by path or module name") {
  const GraphStore& store = python_shop().store();
  TraversalScratch scratch;
  auto by_path = query_outline(store, {"src/shop/models.py", "all"}, scratch);
  REQUIRE(by_path.ok());
  CHECK(outline_rows(store, *by_path) == std::vector<std::string>{
                                            "5 Class shop.models.Base < shop.models @1",
                                            "6 Method shop.models.Base.save < shop.models.Base @2",
                                            "10 Method shop.models.Base.validate < shop.models.Base @2",
                                            "13 Method shop.models.Base.get < shop.models.Base @2",
                                            "17 Class shop.models.User < shop.models @1",
                                            "18 Method shop.models.User.__init__ < shop.models.User @2",
                                            "21 Method shop.models.User.validate < shop.models.User @2",
                                            "26 Class shop.models.Admin < shop.models @1",
                                            "28 Method shop.models.Admin.create < shop.models.Admin @2",
                                            "32 Method shop.models.Admin.rules < shop.models.Admin @2",
                                        });
  CHECK(by_path->count.total_count == 10);
  CHECK_FALSE(by_path->count.truncated);
  auto by_name = query_outline(store, {"shop.models", "Class"}, scratch);
  REQUIRE(by_name.ok());
  CHECK(by_name->module == by_path->module);
  CHECK(outline_rows(store, *by_name) == std::vector<std::string>{
                                            "5 Class shop.models.Base < shop.models @1",
                                            "17 Class shop.models.User < shop.models @1",
                                            "26 Class shop.models.Admin < shop.models @1",
                                        });
  auto dotted = query_outline(store, {"./src/shop/models.py", "all"}, scratch);
  REQUIRE(dotted.ok());
  CHECK(dotted->module == by_path->module);
}

TEST_CASE("outline of a TypeScript file: class fields bound to arrows are methods, nested functions nest") {
  const GraphStore& store = typescript_shop().store();
  TraversalScratch scratch;
  auto outline = query_outline(store, {"src/services/auth.ts", "all"}, scratch);
  REQUIRE(outline.ok());
  CHECK(outline_rows(store, *outline) ==
        std::vector<std::string>{
            "11 Class src.services.auth.AuthService < src.services.auth @1",
            "14 Method src.services.auth.AuthService.constructor < src.services.auth.AuthService @2",
            "16 Method src.services.auth.AuthService.login < src.services.auth.AuthService @2",
            "33 Method src.services.auth.AuthService.helper < src.services.auth.AuthService @2",
            "38 Function src.services.auth.build < src.services.auth @1",
            "43 Function src.services.auth.untyped < src.services.auth @1",
            "47 Function src.services.auth.main < src.services.auth @1",
            "52 Function src.services.auth.main.inner < src.services.auth.main @2",
        });
}

TEST_CASE("outline and chain refuse unknown files and names with suggestions") {
  const GraphStore& store = python_shop().store();
  TraversalScratch scratch;
  auto typo = query_outline(store, {"src/shop/model.py", "all"}, scratch);
  REQUIRE_FALSE(typo.ok());
  CHECK(typo.error().code == ErrorCode::NodeNotFound);
  CHECK(typo.error().suggestions == std::vector<std::string>{"src/shop/models.py"});
  auto elsewhere = query_outline(store, {"shop/models.py", "all"}, scratch);
  REQUIRE_FALSE(elsewhere.ok());
  CHECK(elsewhere.error().suggestions == std::vector<std::string>{"src/shop/models.py"});
  auto unknown = query_children(store, {"shop.models.Usr"}, scratch);
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error().code == ErrorCode::NodeNotFound);
  CHECK(unknown.error().suggestions.front() == "shop.models.User");
  auto ambiguous = query_children(store, {"validate"}, scratch);
  REQUIRE_FALSE(ambiguous.ok());
  CHECK(ambiguous.error().code == ErrorCode::AmbiguousName);
  auto empty = query_importers(store, {"", false}, scratch);
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.error().code == ErrorCode::InvalidArgument);
  // The catalog refuses what the spec does not allow.
  auto bad_label = make_request(query_spec(QueryKind::Outline),
                                Arguments{{"file_path", std::string("x.py")}, {"label", std::string("Module")}});
  REQUIRE_FALSE(bad_label.ok());
  CHECK(bad_label.error().code == ErrorCode::InvalidArgument);
  auto bad_depth = make_request(query_spec(QueryKind::Chain),
                                Arguments{{"from", std::string("a")}, {"to", std::string("b")}, {"max_depth", std::int64_t{0}}});
  REQUIRE_FALSE(bad_depth.ok());
  CHECK(bad_depth.error().code == ErrorCode::InvalidArgument);
}

TEST_CASE("children are what a definition defines directly, in line order") {
  const GraphStore& store = python_shop().store();
  TraversalScratch scratch;
  auto user = query_children(store, {"shop.models.User"}, scratch);
  REQUIRE(user.ok());
  CHECK(names(store, user->children) ==
        std::vector<std::string>{"shop.models.User.__init__", "shop.models.User.validate"});
  auto module = query_children(store, {"shop.models"}, scratch);
  REQUIRE(module.ok());
  CHECK(names(store, module->children) ==
        std::vector<std::string>{"shop.models.Base", "shop.models.User", "shop.models.Admin"});
  auto leaf = query_children(store, {"shop.models.Admin.rules"}, scratch);
  REQUIRE(leaf.ok());
  CHECK(leaf->children.empty());
  const GraphStore& ts = typescript_shop().store();
  auto main = query_children(ts, {"src.services.auth.main"}, scratch);
  REQUIRE(main.ok());
  CHECK(names(ts, main->children) == std::vector<std::string>{"src.services.auth.main.inner"});
}

TEST_CASE("importers: direct ones at depth 1, transitive ones breadth-first, by file or name") {
  const GraphStore& store = python_shop().store();
  TraversalScratch scratch;
  auto direct = query_importers(store, {"shop.util.log", false}, scratch);
  REQUIRE(direct.ok());
  CHECK(names_at(store, direct->importers) == std::vector<std::string>{"1 shop.models", "1 shop.services.auth"});
  auto transitive = query_importers(store, {"src/shop/util/log.py", true}, scratch);
  REQUIRE(transitive.ok());
  CHECK(names_at(store, transitive->importers) ==
        std::vector<std::string>{"1 shop.models", "1 shop.services.auth", "2 shop", "2 shop.app", "2 shop.services",
                                 "2 shop.services.repo"});
  CHECK(transitive->count.total_count == 6);
  // An external package is a target too.
  auto os = query_importers(store, {"os", false}, scratch);
  REQUIRE(os.ok());
  CHECK(names_at(store, os->importers) == std::vector<std::string>{"1 shop.util.log"});
  const GraphStore& ts = typescript_shop().store();
  auto user = query_importers(ts, {"src/models/user.ts", false}, scratch);
  REQUIRE(user.ok());
  CHECK(names_at(ts, user->importers) == std::vector<std::string>{"1 src.models"});
}

TEST_CASE("chain: imports between modules, calls between functions, a definition standing for its module") {
  const GraphStore& store = python_shop().store();
  TraversalScratch scratch;
  auto imports = query_dependency_chain(store, {"shop.app", "shop.util.log", "auto", 10}, scratch);
  REQUIRE(imports.ok());
  CHECK(imports->type == RelType::Imports);
  CHECK(names(store, imports->chain) == std::vector<std::string>{"shop.app", "shop.models", "shop.util.log"});
  auto calls = query_dependency_chain(store, {"shop.app.run", "shop.util.log.log", "auto", 10}, scratch);
  REQUIRE(calls.ok());
  CHECK(calls->type == RelType::Calls);
  CHECK(names(store, calls->chain) ==
        std::vector<std::string>{"shop.app.run", "shop.models.User.validate", "shop.util.log.log"});
  auto as_modules = query_dependency_chain(store, {"shop.app.run", "shop.util.log.log", "imports", 10}, scratch);
  REQUIRE(as_modules.ok());
  CHECK(names(store, as_modules->chain) == std::vector<std::string>{"shop.app", "shop.models", "shop.util.log"});
  auto too_short = query_dependency_chain(store, {"shop.app", "shop.util.log", "imports", 1}, scratch);
  REQUIRE(too_short.ok());
  CHECK(too_short->chain.empty());
  auto backwards = query_dependency_chain(store, {"shop.util.log", "shop.app", "auto", 10}, scratch);
  REQUIRE(backwards.ok());
  CHECK(backwards->chain.empty());
}

TEST_CASE("chain (from both ends) is as short as the one-sided call path, for every pair of functions") {
  for (const test::IndexedFixture* fixture : {&python_shop(), &typescript_shop()}) {
    const GraphStore& store = fixture->store();
    std::vector<NodeId> callables;
    for (const Label label : {Label::Function, Label::Method, Label::Module}) {
      const NodeRange range = store.nodes(label);
      for (NodeId node = range.begin; node < range.end; ++node) callables.push_back(node);
    }
    TraversalScratch scratch;
    std::size_t found = 0;
    for (const NodeId from : callables) {
      for (const NodeId to : callables) {
        if (store.label(to) == Label::Module) continue;
        const std::string a = store.qualified_name(from);
        const std::string b = store.qualified_name(to);
        auto chain = query_dependency_chain(store, {a, b, "calls", 6}, scratch);
        auto path = query_call_path(store, {a, b, 6}, scratch);
        REQUIRE(chain.ok());
        REQUIRE(path.ok());
        CAPTURE(a);
        CAPTURE(b);
        CHECK(chain->chain.size() == path->path.size());
        if (chain->chain.empty()) continue;
        ++found;
        CHECK(chain->chain.front() == from);
        CHECK(chain->chain.back() == to);
        for (std::size_t i = 0; i + 1 < chain->chain.size(); ++i) {
          const auto out = store.out(RelType::Calls, chain->chain[i]);
          CHECK(std::find(out.begin(), out.end(), chain->chain[i + 1]) != out.end());
        }
      }
    }
    CHECK(found > 20);
  }
}

TEST_CASE("complexity: a file's counts and each function's cyclomatic complexity, in line order") {
  const GraphStore& store = python_shop().store();
  TraversalScratch scratch;
  auto auth = query_complexity(store, {"src/shop/services/auth.py"}, scratch);
  REQUIRE(auth.ok());
  CHECK(auth->lines == 58);
  CHECK(auth->definitions == 10);  // one class, nine functions and methods
  CHECK(auth->classes == 1);
  CHECK(auth->functions == 9);
  CHECK(auth->imports == 4);  // typing, shop, shop.services.repo, shop.util.log
  CHECK(auth->importers == 1);  // shop.services
  CHECK(names(store, auth->function_list).front() == "shop.services.auth.AuthService.__init__");
  CHECK(auth->measured == 9);
  CHECK(auth->total_complexity == 10);  // `recursive` has one `if`, the rest none
  CHECK(auth->max_complexity == 2);
  const GraphStore& ts = typescript_shop().store();
  auto services = query_complexity(ts, {"src.services.auth"}, scratch);
  REQUIRE(services.ok());
  CHECK(names(ts, services->function_list) ==
        std::vector<std::string>{"src.services.auth.AuthService.constructor", "src.services.auth.AuthService.login",
                                 "src.services.auth.AuthService.helper", "src.services.auth.build",
                                 "src.services.auth.untyped", "src.services.auth.main",
                                 "src.services.auth.main.inner"});
  CHECK(services->total_complexity == 7);  // no branch in any of them (`?.` is no decision)
  auto missing = query_complexity(store, {"src/shop/nothing.py"}, scratch);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().code == ErrorCode::NodeNotFound);
}

namespace {

// "file: depth relation qualified_name <- chain end" per impacted node, in answer order.
std::vector<std::string> impact_rows(const GraphStore& store, const ImpactResult& r) {
  std::vector<std::string> rows;
  for (const ImpactFile& file : r.files) {
    for (const ImpactedNode& n : file.nodes) {
      REQUIRE(n.via.size() + 1 == n.chain.size());
      CHECK(n.chain.front() == n.node);
      rows.push_back(file.file_path + ": " + std::to_string(n.depth) + " " + std::string(to_string(n.relation)) +
                     " " + store.qualified_name(n.node));
    }
  }
  return rows;
}

}  // namespace

TEST_CASE("impact: callers transitively, importers of the module, overrides; grouped by file with reasons") {
  const GraphStore& store = python_shop().store();
  TraversalScratch scratch;
  auto log = query_impact(store, {"shop.util.log.log", 3}, scratch);
  REQUIRE(log.ok());
  CHECK(impact_rows(store, *log) == std::vector<std::string>{
                                        "src/shop/models.py: 1 imports its module shop.models",
                                        "src/shop/models.py: 1 calls shop.models.Base.save",
                                        "src/shop/models.py: 1 calls shop.models.User.validate",
                                        "src/shop/services/auth.py: 1 imports its module shop.services.auth",
                                        "src/shop/services/auth.py: 1 calls shop.services.auth.AuthService.login",
                                        "src/shop/services/auth.py: 2 calls shop.services.auth.main",
                                        "src/shop/app.py: 2 calls shop.app.run",
                                    });
  CHECK(log->count.total_count == 7);
  CHECK(log->files.size() == 3);
  const ImpactedNode& run = log->files[2].nodes[0];
  CHECK(names(store, run.chain) ==
        std::vector<std::string>{"shop.app.run", "shop.models.User.validate", "shop.util.log.log"});
  CHECK(run.via == std::vector<std::string_view>{"calls", "calls"});

  auto shallow = query_impact(store, {"shop.util.log.log", 1}, scratch);
  REQUIRE(shallow.ok());
  CHECK(shallow->count.total_count == 5);  // the depth-2 callers are gone

  // A method overridden in a subclass: the override depends on it.
  auto validate = query_impact(store, {"shop.models.Base.validate", 1}, scratch);
  REQUIRE(validate.ok());
  const auto rows = impact_rows(store, *validate);
  CHECK(std::find(rows.begin(), rows.end(), "src/shop/models.py: 1 overrides shop.models.User.validate") != rows.end());
  CHECK(std::find(rows.begin(), rows.end(), "src/shop/models.py: 1 calls shop.models.Base.save") != rows.end());

  // A class: subclasses, and callers of its methods (the chain passes through the method).
  auto base = query_impact(store, {"shop.models.Base", 1}, scratch);
  REQUIRE(base.ok());
  const auto base_rows = impact_rows(store, *base);
  CHECK(std::find(base_rows.begin(), base_rows.end(), "src/shop/models.py: 1 inherits shop.models.User") !=
        base_rows.end());
  // A module by file: its importers, transitively.
  auto module = query_impact(store, {"src/shop/util/log.py", 1}, scratch);
  REQUIRE(module.ok());
  const auto module_rows = impact_rows(store, *module);
  CHECK(std::find(module_rows.begin(), module_rows.end(), "src/shop/models.py: 1 imports shop.models") !=
        module_rows.end());
  CHECK(std::find(module_rows.begin(), module_rows.end(), "src/shop/models.py: 1 calls shop.models.Base.save") !=
        module_rows.end());

  auto missing = query_impact(store, {"shop.util.log.nothing", 3}, scratch);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().code == ErrorCode::NodeNotFound);
}
