// End-to-end resolution on tests/fixtures/python/shop: the edges that must
// exist, and the ones a name-guessing indexer would add but Trellis must not.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "python/python_extractor.hpp"
#include "python/python_layout.hpp"
#include "python/python_resolver.hpp"
#include "trellis/ingest/graph_writer.hpp"

using namespace trellis;
using namespace trellis::ingest;

namespace {

struct IndexedFixture {
  std::vector<FileFacts> files;
  ProgramGraph program;
  BuiltGraph graph;
};

const IndexedFixture& shop() {
  static const IndexedFixture fixture = [] {
    const std::filesystem::path root = std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures/python/shop";
    std::vector<std::string> paths;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
      if (entry.path().extension() == ".py") paths.push_back(entry.path().lexically_relative(root).generic_string());
    }
    std::sort(paths.begin(), paths.end());
    IndexedFixture out;
    const auto queries = python::PythonQueries::compile();
    python::PythonExtractor extractor(*queries);
    for (const std::string& path : paths) {
      std::ifstream in(root / path, std::ios::binary);
      std::stringstream text;
      text << in.rdbuf();
      out.files.push_back(extractor.extract(text.str(), path));
    }
    const python::PythonLayout layout(paths, "shop");
    out.program = python::resolve_python(out.files, layout, "shop", root.string());
    auto written = write_graph(out.program);
    if (!written.ok()) throw std::runtime_error(written.error().message);
    out.graph = std::move(written->graph);
    return out;
  }();
  return fixture;
}

const GraphStore& store() { return shop().graph.store; }

NodeId node(std::string_view qualified_name) {
  const auto found = store().find_all(qualified_name);
  REQUIRE_MESSAGE(!found.empty(), "no node ", qualified_name);
  // Prefer the code node over a Package of the same name.
  return found.back();
}

// The call_type of the first CALLS edge from -> to, or "" when there is none.
std::string call(std::string_view from, std::string_view to) {
  const NodeId source = node(from);
  const NodeId target = node(to);
  const auto out = store().out(RelType::Calls, source);
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] != target) continue;
    const EdgePos pos = store().out_edge_position(RelType::Calls, source, i);
    return std::string(std::get<std::string_view>(store().edge_property(RelType::Calls, pos, 0)));
  }
  return "";
}

std::vector<std::string> callees(std::string_view from) {
  std::vector<std::string> names;
  for (const NodeId target : store().out(RelType::Calls, node(from))) names.push_back(store().qualified_name(target));
  return names;
}

bool has_edge(RelType type, std::string_view from, std::string_view to) {
  const auto out = store().out(type, node(from));
  return std::find(out.begin(), out.end(), node(to)) != out.end();
}

}  // namespace

TEST_CASE("python resolution: nodes follow the src layout and CONTRACT naming") {
  CHECK(store().find(Label::Package, "shop").has_value());
  CHECK(store().find(Label::Package, "shop.services").has_value());
  CHECK(store().find(Label::Module, "shop").has_value());
  CHECK(store().find(Label::Module, "shop.services.auth").has_value());
  CHECK(store().find(Label::Class, "shop.models.User").has_value());
  CHECK(store().find(Label::Method, "shop.models.User.validate").has_value());
  CHECK(store().find(Label::Function, "shop.services.auth.build").has_value());
  CHECK(store().find(Label::ExternalPackage, "os").has_value());
  CHECK(store().find(Label::ExternalPackage, "typing").has_value());
  const NodeId validate = *store().find(Label::Method, "shop.models.User.validate");
  CHECK(std::get<std::string_view>(store().property(validate, "class_name")) == "User");
  CHECK(std::get<std::string_view>(store().property(validate, "file_path")) == "src/shop/models.py");
  CHECK(std::get<std::int64_t>(store().property(validate, "line_start")) == 21);
  CHECK(has_edge(RelType::Defines, "shop.models", "shop.models.User"));
  CHECK(has_edge(RelType::Defines, "shop.models.User", "shop.models.User.validate"));
  const NodeId services_package = *store().find(Label::Package, "shop.services");
  const auto contained = store().out(RelType::Contains, services_package);
  CHECK(std::find(contained.begin(), contained.end(), node("shop.services.auth")) != contained.end());
  CHECK(std::find(contained.begin(), contained.end(), node("shop.services")) != contained.end());  // its __init__
}

TEST_CASE("python resolution: imports, aliases, relative imports and re-exports") {
  CHECK(has_edge(RelType::Imports, "shop.services.auth", "shop.services.repo"));
  CHECK(has_edge(RelType::Imports, "shop.services.auth", "shop.util.log"));
  CHECK(has_edge(RelType::Imports, "shop.services.auth", "typing"));
  CHECK(has_edge(RelType::Imports, "shop.util.log", "os"));
  CHECK(has_edge(RelType::Imports, "shop.cycle_a", "shop.cycle_b"));
  CHECK(has_edge(RelType::Imports, "shop.cycle_b", "shop.cycle_a"));
  CHECK(call("shop.make_user", "shop.models.User") == "constructor");
  CHECK(call("shop.services.auth.AuthService.login", "shop.util.log.log") == "direct");  // from ..util.log import log as write_log; L.log
  CHECK(call("shop.models.User.validate", "shop.util.log.log") == "direct");  // module alias
  CHECK(call("shop.services.auth.build", "shop.services.repo.Repo") == "constructor");  // from . import repo as repo_module
}

TEST_CASE("python resolution: star imports follow __all__, else the public names") {
  CHECK(call("shop.star.user.use_all", "shop.star.listed.exported") == "direct");
  CHECK(call("shop.star.user.use_all", "shop.star.plain.public") == "direct");
  const auto targets = callees("shop.star.user.use_all");
  CHECK(std::find(targets.begin(), targets.end(), "shop.star.listed.unlisted") == targets.end());
  CHECK(std::find(targets.begin(), targets.end(), "shop.star.plain._private") == targets.end());
  CHECK(has_edge(RelType::Imports, "shop.star.user", "shop.star.listed"));
}

TEST_CASE("python resolution: self, super(), cls and the MRO") {
  CHECK(has_edge(RelType::Inherits, "shop.models.User", "shop.models.Base"));
  CHECK(has_edge(RelType::Inherits, "shop.models.Admin", "shop.models.User"));
  CHECK(call("shop.models.Base.save", "shop.models.Base.validate") == "method");
  CHECK(call("shop.models.User.validate", "shop.models.Base.validate") == "method");  // super()
  CHECK(call("shop.models.Admin.create", "shop.models.Admin") == "constructor");      // cls(...)
}

TEST_CASE("python resolution: receivers typed by annotations, constructors and return types") {
  // self.repo = repo where repo: Repository (an alias of Repo)
  CHECK(call("shop.services.auth.AuthService.login", "shop.services.repo.Repo.find") == "method");
  // user = self.repo.find(name) -> User; user.save() is Base.save along the MRO
  CHECK(call("shop.services.auth.AuthService.login", "shop.models.Base.save") == "method");
  CHECK(call("shop.services.auth.AuthService.logout", "shop.services.repo.Repo.get") == "method");
  // service = build() -> AuthService
  CHECK(call("shop.services.auth.main", "shop.services.auth.build") == "direct");
  CHECK(call("shop.services.auth.main", "shop.services.auth.AuthService.login") == "method");
  CHECK(call("shop.services.auth.main", "shop.services.repo.Repo") == "constructor");
  CHECK(call("shop.services.auth.main", "shop.services.repo.Repo.get") == "method");
  // calling an instance calls its class's __call__
  CHECK(call("shop.util.log.shout", "shop.util.log.Formatter.__call__") == "method");
  // module-level code calls from the Module node
  CHECK(call("shop.services.auth", "shop.services.auth.main") == "direct");
}

TEST_CASE("python resolution: no edge is guessed from a bare method name") {
  // data = {}; data.get(...) is dict.get; session.get(...) has an unknown receiver.
  for (const std::string& target : callees("shop.services.auth.AuthService.login")) {
    CHECK(target != "shop.models.Base.get");
    CHECK(target != "shop.services.repo.Repo.get");
    CHECK(target != "shop.util.log.get");
  }
  const auto logout = callees("shop.services.auth.AuthService.logout");
  CHECK(logout == std::vector<std::string>{"shop.services.repo.Repo.get"});
  // A parameter named `log` shadows the imported function.
  CHECK(callees("shop.services.auth.shadowed").empty());
  const auto& unresolved = shop().program.unresolved_calls;
  const auto has_unresolved = [&](std::string_view text) {
    return std::any_of(unresolved.begin(), unresolved.end(), [&](const UnresolvedCall& c) { return c.text == text; });
  };
  CHECK(has_unresolved("session.get"));
  CHECK(has_unresolved("log"));
  CHECK_FALSE(has_unresolved("data.get"));  // a dict method: outside the tree, not unknown
  CHECK(shop().program.external_calls > 0);
  // The store keeps them with their caller and line.
  const NodeId logout_node = node("shop.services.auth.AuthService.logout");
  const auto kept = store().unresolved_calls(logout_node);
  REQUIRE(kept.size() == 1);
  CHECK(kept[0].text == "session.get");
  CHECK(kept[0].line == 25);
  CHECK(store().unresolved_call_count(logout_node) == 1);
  CHECK(store().unresolved_call_count() == unresolved.size());
}

TEST_CASE("python resolution: recursion, call cycles and a file with a syntax error") {
  CHECK(call("shop.services.auth.recursive", "shop.services.auth.recursive") == "direct");
  CHECK(call("shop.services.auth.ping", "shop.services.auth.pong") == "direct");
  CHECK(call("shop.services.auth.pong", "shop.services.auth.ping") == "direct");
  CHECK(call("shop.cycle_a.a", "shop.cycle_b.b") == "direct");
  CHECK(call("shop.cycle_b.b", "shop.cycle_a.a") == "direct");
  CHECK(store().find(Label::Function, "shop.broken.fine").has_value());
  const auto broken = std::find_if(shop().files.begin(), shop().files.end(),
                                   [](const FileFacts& f) { return f.relative_path == "src/shop/broken.py"; });
  REQUIRE(broken != shop().files.end());
  CHECK(broken->has_syntax_errors);
}
