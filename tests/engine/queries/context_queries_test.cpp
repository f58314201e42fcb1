// The agent-context queries (outline, children, importers, dependency chain)
// on the Python and TypeScript fixtures, indexed through the whole pipeline:
// exact answers checked against the fixtures' sources, and the error codes.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"
#include "trellis/queries/context_queries.hpp"
#include "trellis/queries/query_catalog.hpp"
#include "trellis/store/graph_builder.hpp"

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
  // Each step after the first: the caller and the lines of its calls.
  REQUIRE(calls->call_sites.size() == 2);
  CHECK(calls->call_sites[0].caller == calls->chain[0]);
  CHECK(calls->call_sites[0].lines == std::vector<std::int32_t>{8});
  CHECK(calls->call_sites[1].caller == calls->chain[1]);
  CHECK(calls->call_sites[1].lines == std::vector<std::int32_t>{22});
  CHECK(imports->call_sites.empty());
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

namespace {

// Reads the fixture's sources from the folder it was indexed from.
TreeSourceReader fixture_sources(const GraphStore& store) {
  const NodeRange projects = store.nodes(Label::Project);
  const PropertyValue path = store.property(projects.begin, "path");
  return TreeSourceReader(std::string(std::get<std::string_view>(path)));
}

std::vector<std::string> call_rows(const GraphStore& store, const DetailsResult& r) {
  std::vector<std::string> rows;
  for (const CallInside& call : r.calls) {
    rows.push_back(std::to_string(call.line) + " " + std::string(store.name(call.caller)) + " -> " +
                   (call.callee != kNoNode ? store.qualified_name(call.callee) : "? " + std::string(call.text)));
  }
  return rows;
}

std::vector<std::string> definition_rows(const GraphStore& store, const SourceResult& r) {
  std::vector<std::string> rows;
  for (const OutlineEntry& e : r.definitions) rows.push_back(store.qualified_name(e.node) + " @" + std::to_string(e.depth));
  return rows;
}

}  // namespace

TEST_CASE("details: parent, nesting path, relationship counts, calls inside by line, and the source lines") {
  const GraphStore& store = python_shop().store();
  const TreeSourceReader sources = fixture_sources(store);
  TraversalScratch scratch;
  auto login = query_details(store, {"AuthService.login", true, 200}, scratch, &sources);
  REQUIRE(login.ok());
  CHECK(store.qualified_name(login->node) == "shop.services.auth.AuthService.login");
  CHECK(store.qualified_name(login->parent) == "shop.services.auth.AuthService");
  CHECK(names(store, login->nesting) ==
        std::vector<std::string>{"shop.services.auth", "shop.services.auth.AuthService",
                                 "shop.services.auth.AuthService.login"});
  CHECK(call_rows(store, *login) == std::vector<std::string>{
                                        "16 login -> shop.services.repo.Repo.find",
                                        "17 login -> shop.models.Base.save",  // User inherits save
                                        "18 login -> shop.util.log.log",
                                        "19 login -> shop.util.log.log",
                                    });  // data.get on a dict literal is a builtin's, not a missed call
  CHECK(login->unresolved == 0);
  CHECK(login->count.total_count == 4);
  std::vector<std::string> counts;
  for (const RelationshipCount& c : login->relationships) {
    counts.push_back(std::string(to_string(c.type)) + " " + std::to_string(c.outgoing) + "/" + std::to_string(c.incoming));
  }
  CHECK(counts == std::vector<std::string>{"CONTAINS 0/1", "DEFINES 0/1", "CALLS 4/2"});  // run and main call it
  CHECK(login->imports.empty());
  REQUIRE(login->source.has_value());
  CHECK(login->source->first == 15);
  CHECK(login->source->last == 22);
  CHECK(login->source->text.rfind("    def login(self, name):\n        user = self.repo.find(name)\n", 0) == 0);
  CHECK(login->source->text.ends_with("        return user\n"));
  CHECK_FALSE(login->source->truncated);

  // Unresolved call sites are listed with the text called.
  auto logout = query_details(store, {"AuthService.logout", false, 200}, scratch, &sources);
  REQUIRE(logout.ok());
  CHECK(call_rows(store, *logout) ==
        std::vector<std::string>{"25 logout -> ? session.get", "26 logout -> shop.services.repo.Repo.get"});
  CHECK(logout->unresolved == 1);
  CHECK_FALSE(logout->source.has_value());

  // A class's calls include its methods'; max_lines cuts the source.
  auto service = query_details(store, {"shop.services.auth.AuthService", true, 3}, scratch, &sources);
  REQUIRE(service.ok());
  CHECK(call_rows(store, *service) == std::vector<std::string>{
                                          "16 login -> shop.services.repo.Repo.find",
                                          "17 login -> shop.models.Base.save",
                                          "18 login -> shop.util.log.log",
                                          "19 login -> shop.util.log.log",
                                          "25 logout -> ? session.get",
                                          "26 logout -> shop.services.repo.Repo.get",
                                      });
  CHECK(service->unresolved == 1);
  REQUIRE(service->source.has_value());
  CHECK(service->source->text == "class AuthService:\n    def __init__(self, repo: Repository):\n        self.repo = repo\n");
  CHECK(service->source->truncated);

  // A module (by path): its imports, no parent but its package.
  auto module = query_details(store, {"src/shop/services/auth.py", false, 200}, scratch, &sources);
  REQUIRE(module.ok());
  CHECK(store.qualified_name(module->node) == "shop.services.auth");
  CHECK(store.qualified_name(module->parent) == "shop.services");
  CHECK(names(store, module->nesting) == std::vector<std::string>{"shop.services.auth"});
  std::vector<std::string> imported = names(store, module->imports);
  std::sort(imported.begin(), imported.end());
  // `from . import repo` imports the module shop.services.repo.
  CHECK(imported == std::vector<std::string>{"shop", "shop.services.repo", "shop.util.log", "typing"});
  CHECK_FALSE(module->source.has_value());
  CHECK(module->source_error.empty());

  // Without a reader the answer says why there is no source.
  auto unread = query_details(store, {"AuthService.login", true, 200}, scratch, nullptr);
  REQUIRE(unread.ok());
  CHECK_FALSE(unread->source.has_value());
  CHECK_FALSE(unread->source_error.empty());

  auto missing = query_details(store, {"AuthService.logon", true, 200}, scratch, &sources);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().code == ErrorCode::NodeNotFound);
  const auto& suggested = missing.error().suggestions;
  CHECK(std::find(suggested.begin(), suggested.end(), "shop.services.auth.AuthService.logout") != suggested.end());
  CHECK(std::find(suggested.begin(), suggested.end(), "shop.services.auth.AuthService.login") != suggested.end());
}

TEST_CASE("source: a file range or a named definition, with the definitions overlapping it") {
  const GraphStore& store = python_shop().store();
  const TreeSourceReader sources = fixture_sources(store);
  TraversalScratch scratch;
  auto range = query_source(store, {"src/shop/services/auth.py:24-30", 200}, scratch, &sources);
  REQUIRE(range.ok());
  CHECK(range->node == kNoNode);
  CHECK(range->file_path == "src/shop/services/auth.py");
  CHECK(range->source.first == 24);
  CHECK(range->source.last == 30);
  CHECK(range->source.text ==
        "    def logout(self, session):\n        session.get(\"user\")\n        self.repo.get(\"x\")\n\n\n"
        "def build() -> AuthService:\n    return AuthService(repo_module.Repo())\n");
  CHECK(definition_rows(store, *range) ==
        std::vector<std::string>{"shop.services.auth.AuthService @1", "shop.services.auth.AuthService.logout @2",
                                 "shop.services.auth.build @1"});

  auto line = query_source(store, {"src/shop/services/auth.py:46", 200}, scratch, &sources);
  REQUIRE(line.ok());
  CHECK(line->source.text == "        return recursive(n - 1)\n");
  CHECK(definition_rows(store, *line) == std::vector<std::string>{"shop.services.auth.recursive @1"});

  auto named = query_source(store, {"shop.services.auth.build", 200}, scratch, &sources);
  REQUIRE(named.ok());
  CHECK(store.qualified_name(named->node) == "shop.services.auth.build");
  CHECK(named->source.text == "def build() -> AuthService:\n    return AuthService(repo_module.Repo())\n");
  CHECK(definition_rows(store, *named) == std::vector<std::string>{"shop.services.auth.build @1"});

  // A range past the end returns what there is.
  auto tail = query_source(store, {"src/shop/services/auth.py:57-90", 200}, scratch, &sources);
  REQUIRE(tail.ok());
  CHECK(tail->source.text == "\nmain()\n");
  CHECK(tail->source.last == 58);

  for (const char* bad : {"src/shop/services/auth.py:9-3", "src/shop/services/auth.py:0-3", "src/shop/services/auth.py:x",
                          ":4-5"}) {
    CAPTURE(bad);
    auto refused = query_source(store, {bad, 200}, scratch, &sources);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().code == ErrorCode::InvalidArgument);
  }
  auto unknown = query_source(store, {"src/shop/services/nothing.py:1-3", 200}, scratch, &sources);
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error().code == ErrorCode::NodeNotFound);
  auto unread = query_source(store, {"src/shop/services/auth.py:1-3", 200}, scratch, nullptr);
  REQUIRE_FALSE(unread.ok());
  CHECK(unread.error().code == ErrorCode::InvalidArgument);
}

namespace {

// "depth name EDGE [through] < parent" per entry, in breadth-first order.
std::vector<std::string> why_rows(const GraphStore& store, const WhyTree& tree) {
  std::vector<std::string> rows;
  for (const WhyEntry& e : tree.entries) {
    std::string row = std::to_string(e.depth) + " " + store.qualified_name(e.node) + " " + std::string(to_string(e.edge));
    if (e.through != kNoNode) row += " via " + std::string(store.name(e.through));
    row += " < " + (e.parent < 0 ? std::string("target") : store.qualified_name(tree.entries[static_cast<std::size_t>(e.parent)].node));
    rows.push_back(row);
  }
  return rows;
}

std::vector<std::string> bundle_nodes(const GraphStore& store, const ContextResult& r) {
  std::vector<std::string> rows;
  for (const ContextNode& n : r.nodes) rows.push_back(std::to_string(n.depth) + " " + store.qualified_name(n.node));
  return rows;
}

std::vector<std::string> bundle_edges(const GraphStore& store, const ContextResult& r) {
  std::vector<std::string> rows;
  for (const ContextEdge& e : r.edges) {
    rows.push_back(store.qualified_name(e.from) + " " + std::string(to_string(e.type)) + " " +
                   store.qualified_name(e.to));
  }
  return rows;
}

}  // namespace

TEST_CASE("why: upstream and downstream trees, each node once under the node it was reached from") {
  const GraphStore& store = python_shop().store();
  TraversalScratch scratch;
  auto login = query_why(store, {"AuthService.login", 3, 50, false}, scratch);
  REQUIRE(login.ok());
  // app.run and auth.main call it; the module calls main (line 58); the
  // package's __init__ imports the module.
  CHECK(why_rows(store, login->upstream) == std::vector<std::string>{
                                                "1 shop.app.run CALLS < target",
                                                "1 shop.services.auth.main CALLS < target",
                                                "2 shop.services.auth CALLS < shop.services.auth.main",
                                                "3 shop.services IMPORTS < shop.services.auth",
                                            });
  CHECK(login->upstream.direct == 2);
  CHECK_FALSE(login->upstream.truncated);
  // log.log is called twice but listed once; user.save() is Base.save.
  CHECK(why_rows(store, login->downstream) == std::vector<std::string>{
                                                  "1 shop.util.log.log CALLS < target",
                                                  "1 shop.models.Base.save CALLS < target",
                                                  "1 shop.services.repo.Repo.find CALLS < target",
                                                  "2 shop.models.Base.validate CALLS < shop.models.Base.save",
                                                  "2 shop.models.User CALLS < shop.services.repo.Repo.find",
                                                  "3 shop.models.Base INHERITS < shop.models.User",
                                              });
  CHECK(login->downstream.max_depth == 3);

  // A class stands for its methods (`through`); reverse halves downstream.
  auto user = query_why(store, {"shop.models.User", 3, 50, true}, scratch);
  REQUIRE(user.ok());
  CHECK(user->upstream.max_depth == 3);
  CHECK(user->downstream.max_depth == 1);
  CHECK(why_rows(store, user->downstream) == std::vector<std::string>{
                                                 "1 shop.models.Base INHERITS < target",
                                                 "1 shop.util.log.log CALLS via validate < target",
                                                 "1 shop.models.Base.validate CALLS via validate < target",
                                             });
  const auto up = why_rows(store, user->upstream);
  CHECK(std::find(up.begin(), up.end(), "1 shop.models.Admin INHERITS < target") != up.end());
  CHECK(std::find(up.begin(), up.end(), "2 shop.models.Admin.create CALLS < shop.models.Admin") != up.end());
  CHECK(user->upstream.direct == 4);

  // The node cap stops the walk; direct still counts every neighbour.
  auto capped = query_why(store, {"shop.util.log", 3, 3, false}, scratch);
  REQUIRE(capped.ok());
  CHECK(capped->upstream.entries.size() == 3);
  CHECK(capped->upstream.truncated);
  CHECK(capped->upstream.direct == 5);
  CHECK(why_rows(store, capped->downstream) == std::vector<std::string>{"1 os IMPORTS < target"});

  auto missing = query_why(store, {"shop.nothing.here", 3, 50, false}, scratch);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().code == ErrorCode::NodeNotFound);
}

TEST_CASE("why on TypeScript: implemented interfaces downstream, subclasses upstream") {
  const GraphStore& store = typescript_shop().store();
  TraversalScratch scratch;
  auto user = query_why(store, {"src.models.user.User", 2, 50, false}, scratch);
  REQUIRE(user.ok());
  const auto down = why_rows(store, user->downstream);
  CHECK(std::find(down.begin(), down.end(), "1 src.models.base.Named IMPLEMENTS < target") != down.end());
  CHECK(std::find(down.begin(), down.end(), "2 src.models.base.Identified INHERITS < src.models.base.Named") !=
        down.end());
  const auto up = why_rows(store, user->upstream);
  CHECK(up.front() == "1 src.models.user.Guest INHERITS < target");
  CHECK(std::find(up.begin(), up.end(), "1 src.services.audit.AuditedUser INHERITS < target") != up.end());
}

TEST_CASE("context: the bundle's nodes in edge priority, the edges among them, snippets within the budget") {
  const GraphStore& store = python_shop().store();
  const TreeSourceReader sources = fixture_sources(store);
  TraversalScratch scratch;
  ContextRequest request{{"AuthService.login"}, 2, 6, 60};
  auto bundle = query_context(store, request, scratch, &sources);
  REQUIRE(bundle.ok());
  CHECK(names(store, bundle->focus) == std::vector<std::string>{"shop.services.auth.AuthService.login"});
  // Its class (DEFINES) first, then its callees, then its callers.
  CHECK(bundle_nodes(store, *bundle) == std::vector<std::string>{
                                            "0 shop.services.auth.AuthService.login",
                                            "1 shop.services.auth.AuthService",
                                            "1 shop.util.log.log",
                                            "1 shop.models.Base.save",
                                            "1 shop.services.repo.Repo.find",
                                            "1 shop.app.run",
                                        });
  CHECK(bundle->nodes_truncated);
  // Two call sites of log.log are one edge.
  CHECK(bundle_edges(store, *bundle) == std::vector<std::string>{
                                            "shop.services.auth.AuthService.login CALLS shop.util.log.log",
                                            "shop.services.auth.AuthService.login CALLS shop.models.Base.save",
                                            "shop.services.auth.AuthService.login CALLS shop.services.repo.Repo.find",
                                            "shop.services.auth.AuthService DEFINES shop.services.auth.AuthService.login",
                                            "shop.models.Base.save CALLS shop.util.log.log",
                                            "shop.app.run CALLS shop.services.auth.AuthService",
                                            "shop.app.run CALLS shop.services.auth.AuthService.login",
                                        });
  // 240 characters: login whole (8 lines, 191 characters), then the class
  // cut after its first line; nothing after that.
  REQUIRE(bundle->snippets.size() == 2);
  CHECK(store.qualified_name(bundle->snippets[0].node) == "shop.services.auth.AuthService.login");
  CHECK(bundle->snippets[0].source.first == 15);
  CHECK(bundle->snippets[0].source.last == 22);
  CHECK_FALSE(bundle->snippets[0].source.truncated);
  CHECK(bundle->snippets[1].source.text == "class AuthService:\n");
  CHECK(bundle->snippets[1].source.first == 10);
  CHECK(bundle->snippets[1].source.last == 10);
  CHECK(bundle->snippets[1].source.truncated);
  CHECK(bundle->snippets_truncated);
  CHECK(bundle->budget_chars == 240);
  CHECK(bundle->used_chars <= bundle->budget_chars);
  CHECK(bundle->used_chars == bundle->snippets[0].source.text.size() + bundle->snippets[1].source.text.size());
  CHECK(bundle->unresolved.empty());

  // Two focus nodes, depth 1, no budget: no snippets and nothing cut; the
  // unresolved call inside logout is listed.
  auto two = query_context(store, {{"AuthService.logout", "shop.models.Admin"}, 1, 20, 0}, scratch, &sources);
  REQUIRE(two.ok());
  CHECK(bundle_nodes(store, *two) == std::vector<std::string>{
                                         "0 shop.services.auth.AuthService.logout",
                                         "0 shop.models.Admin",
                                         "1 shop.services.auth.AuthService",
                                         "1 shop.services.repo.Repo.get",
                                         "1 shop.models.Admin.create",
                                         "1 shop.models.Admin.rules",
                                         "1 shop.models",
                                         "1 shop.models.User",
                                     });
  CHECK_FALSE(two->nodes_truncated);
  CHECK(two->snippets.empty());
  CHECK_FALSE(two->snippets_truncated);
  REQUIRE(two->unresolved.size() == 1);
  CHECK(store.qualified_name(two->unresolved[0].caller) == "shop.services.auth.AuthService.logout");
  CHECK(two->unresolved[0].line == 25);
  CHECK(two->unresolved[0].text == "session.get");

  // A method inside a class already given is not given twice.
  auto nested = query_context(store, {{"shop.models.Base"}, 1, 20, 2000}, scratch, &sources);
  REQUIRE(nested.ok());
  REQUIRE_FALSE(nested->snippets.empty());
  CHECK(store.qualified_name(nested->snippets[0].node) == "shop.models.Base");
  CHECK(nested->snippets[0].source.first == 5);
  CHECK(nested->snippets[0].source.last == 14);
  for (std::size_t i = 1; i < nested->snippets.size(); ++i) {  // not save, validate or get (lines 6-14)
    const ContextSnippet& s = nested->snippets[i];
    CHECK_FALSE((s.file_path == "src/shop/models.py" && s.source.first >= 5 && s.source.last <= 14));
  }
  CHECK(nested->snippets.size() >= 2);  // User (a subclass, lines 17-23) is given

  auto bad = query_context(store, {{"AuthService.login", "shop.nothing.here"}, 2, 20, 100}, scratch, &sources);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().code == ErrorCode::NodeNotFound);
  auto ambiguous = query_context(store, {{"validate"}, 2, 20, 100}, scratch, &sources);
  REQUIRE_FALSE(ambiguous.ok());
  CHECK(ambiguous.error().code == ErrorCode::AmbiguousName);
}

TEST_CASE("context, why and details from the catalog: names as a list, checked like every tool") {
  const GraphStore& store = python_shop().store();
  TraversalScratch scratch;
  const QuerySpec* spec = find_query_by_tool("get_context");
  REQUIRE(spec != nullptr);
  auto request = make_request(*spec, {{"names", std::vector<std::string>{"AuthService.login", "shop.app.run"}},
                                      {"max_nodes", std::int64_t{5}}});
  REQUIRE(request.ok());
  const auto& typed = std::get<ContextRequest>(*request);
  CHECK(typed.names == std::vector<std::string>{"AuthService.login", "shop.app.run"});
  CHECK(typed.max_depth == 2);
  CHECK(typed.max_nodes == 5);
  CHECK(typed.budget == 2000);
  auto answer = run_query(store, *request, scratch);
  REQUIRE(answer.ok());
  CHECK(std::get<ContextResult>(answer->result).nodes.size() == 5);
  // One string is a list of one; an empty list, an empty name or a number are refused.
  CHECK(make_request(*spec, {{"names", std::string("shop.app.run")}}).ok());
  CHECK(make_request(*spec, {{"names", std::vector<std::string>{}}}).error().code == ErrorCode::InvalidArgument);
  CHECK(make_request(*spec, {{"names", std::vector<std::string>{"a", " "}}}).error().code ==
        ErrorCode::InvalidArgument);
  CHECK(make_request(*spec, {{"names", std::int64_t{3}}}).error().code == ErrorCode::InvalidArgument);
  CHECK(make_request(*spec, {{"budget", std::int64_t{-1}}, {"names", std::string("x")}}).error().code ==
        ErrorCode::InvalidArgument);

  const QuerySpec* why = find_query_by_tool("query_why");
  REQUIRE(why != nullptr);
  auto why_request = make_request(*why, {{"name", std::string("shop.models.User")}, {"reverse", true}});
  REQUIRE(why_request.ok());
  CHECK(std::get<WhyRequest>(*why_request).reverse);
  CHECK(std::get<WhyRequest>(*why_request).max_depth == 3);
  CHECK(std::get<WhyRequest>(*why_request).max_nodes == 50);
  CHECK(make_request(*why, {{"name", std::string("x")}, {"max_depth", std::int64_t{11}}}).error().code ==
        ErrorCode::InvalidArgument);
}

TEST_CASE("outline of a file with more definitions than it lists: the first 100 by line, nested ones in place") {
  GraphBuilder b;
  const BuildId module = *b.add_node(Label::Module, "big", "big");
  b.set_string(module, *property_index(Label::Module, "path"), "big.py");
  const std::size_t line_column = *property_index(Label::Function, "line_start");
  // 250 functions in a scrambled order; function k starts at line 10 * k + 1
  // and the 3rd defines a nested function at the line after it.
  for (int i = 0; i < 250; ++i) {
    const int k = (i * 97) % 250;
    const BuildId f = *b.add_node(Label::Function, "big.f" + std::to_string(k), "f" + std::to_string(k));
    b.set_int(f, line_column, 10 * k + 1);
    b.add_edge(RelType::Defines, module, f);
    if (k == 2) {
      const BuildId inner = *b.add_node(Label::Function, "big.f2.inner", "inner");
      b.set_int(inner, line_column, 22);
      b.add_edge(RelType::Defines, f, inner);
    }
  }
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  const GraphStore& store = built->store;
  TraversalScratch scratch;
  auto outline = query_outline(store, {"big.py", "all"}, scratch);
  REQUIRE(outline.ok());
  REQUIRE(outline->entries.size() == 100);
  CHECK(outline->count.total_count == 251);
  CHECK(outline->count.truncated);
  std::vector<std::string> expected;
  for (int k = 0; k < 99; ++k) {
    expected.push_back("big.f" + std::to_string(k));
    if (k == 2) expected.push_back("big.f2.inner");
  }
  std::vector<std::string> got;
  for (const OutlineEntry& e : outline->entries) got.push_back(store.qualified_name(e.node));
  CHECK(got == expected);
  CHECK(outline->entries[3].depth == 2);
  // With a label the selection is not used: the same first 100 Functions.
  auto functions = query_outline(store, {"big.py", "Function"}, scratch);
  REQUIRE(functions.ok());
  CHECK(functions->entries.size() == 100);
  CHECK(store.qualified_name(functions->entries[99].node) == "big.f98");
}

TEST_CASE("details and context on TypeScript: an arrow function's calls, a nested function's, unresolved sites") {
  const GraphStore& store = typescript_shop().store();
  const TreeSourceReader sources = fixture_sources(store);
  TraversalScratch scratch;
  auto main = query_details(store, {"src.services.auth.main", false, 200}, scratch, &sources);
  REQUIRE(main.ok());
  CHECK(names(store, main->nesting) == std::vector<std::string>{"src.services.auth", "src.services.auth.main"});
  const auto rows = call_rows(store, *main);
  CHECK(rows.front() == "48 main -> src.services.auth.build");
  CHECK(std::find(rows.begin(), rows.end(), "53 inner -> src.services.auth.build") != rows.end());
  CHECK(rows.back() == "55 main -> src.services.auth.main.inner");
  CHECK(rows.size() == 7);
  CHECK(main->unresolved == 0);

  auto untyped = query_context(store, {{"src.services.auth.untyped"}, 1, 20, 30}, scratch, &sources);
  REQUIRE(untyped.ok());
  CHECK(bundle_nodes(store, *untyped) ==
        std::vector<std::string>{"0 src.services.auth.untyped", "1 src.services.auth"});
  REQUIRE(untyped->snippets.size() == 1);
  CHECK(untyped->snippets[0].source.text == "function untyped(repo) {\n  repo.save(null);\n}\n");
  REQUIRE(untyped->unresolved.size() == 1);
  CHECK(untyped->unresolved[0].line == 44);
  CHECK(untyped->unresolved[0].text == "repo.save");

  auto range = query_source(store, {"src/services/auth.ts:43-45", 200}, scratch, &sources);
  REQUIRE(range.ok());
  CHECK(definition_rows(store, *range) == std::vector<std::string>{"src.services.auth.untyped @1"});
}

TEST_CASE("impact on TypeScript: an interface's implementers and their subclasses, a module's importers and callers") {
  const GraphStore& store = typescript_shop().store();
  TraversalScratch scratch;
  auto named = query_impact(store, {"src.models.base.Named", 2}, scratch);
  REQUIRE(named.ok());
  CHECK(impact_rows(store, *named) == std::vector<std::string>{
                                          "src/models/index.ts: 1 imports its module src.models",
                                          "src/models/user.ts: 1 imports its module src.models.user",
                                          "src/models/user.ts: 1 implements src.models.user.User",
                                          "src/models/user.ts: 2 calls src.models.user.User.create",
                                          "src/models/user.ts: 2 inherits src.models.user.Guest",
                                          "src/services/audit.ts: 1 implements src.services.audit.AuditedUser",
                                      });
  CHECK(named->count.total_count == 6);
  // A module by its file: the barrel re-exporting it, then who calls into it.
  auto strings = query_impact(store, {"src/util/strings.ts", 2}, scratch);
  REQUIRE(strings.ok());
  CHECK(impact_rows(store, *strings) == std::vector<std::string>{
                                            "src/util/index.ts: 1 imports src.util",
                                            "src/services/auth.ts: 1 calls src.services.auth.AuthService.login",
                                            "src/services/auth.ts: 2 imports src.services.auth",
                                            "src/services/auth.ts: 2 calls src.services.auth.AuthService.helper",
                                            "src/services/auth.ts: 2 calls src.services.auth.main",
                                            "src/app.tsx: 2 calls src.app.App",
                                        });
  CHECK(strings->count.total_count == 6);
}
