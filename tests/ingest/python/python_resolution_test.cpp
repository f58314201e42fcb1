// End-to-end resolution on tests/fixtures/python/shop: the edges that must
// exist, and the ones a name-guessing indexer would add but Trellis must not.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "python_fixture.hpp"

using namespace trellis;
using namespace trellis::ingest;

namespace {

const test::PythonFixture& shop() {
  static const test::PythonFixture fixture("shop");
  return fixture;
}

const GraphStore& store() { return shop().store(); }
NodeId node(std::string_view qualified_name) { return shop().node(qualified_name); }
std::string call(std::string_view from, std::string_view to) { return shop().call(from, to); }
std::vector<std::string> callees(std::string_view from) { return shop().callees(from); }
bool has_edge(RelType type, std::string_view from, std::string_view to) { return shop().has_edge(type, from, to); }

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

TEST_CASE("python resolution: a from-import of a submodule and a package __init__'s re-export") {
  // from shop import models; models.User(...)
  CHECK(shop().calls_at("shop.app.run", 7) == std::vector<std::string>{"shop.models.User constructor"});
  CHECK(shop().calls_at("shop.app.run", 8) == std::vector<std::string>{"shop.models.User.validate method"});
  // from shop.services import AuthService, re-exported by services/__init__.py
  CHECK(shop().calls_at("shop.app.run", 9) ==
        std::vector<std::string>{"shop.services.auth.AuthService constructor", "shop.services.auth.AuthService.login method",
                                 "shop.services.repo.Repo constructor"});
  CHECK(shop().targets(RelType::Imports, "shop.app") ==
        std::vector<std::string>{"shop.models", "shop.services", "shop.services.repo"});
  CHECK(shop().targets(RelType::Imports, "shop.services") == std::vector<std::string>{"shop.services.auth"});
  CHECK(shop().unresolved("shop.app.run").empty());
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
  const auto& unresolved = shop().program().unresolved_calls;
  const auto has_unresolved = [&](std::string_view text) {
    return std::any_of(unresolved.begin(), unresolved.end(), [&](const UnresolvedCall& c) { return c.text == text; });
  };
  CHECK(has_unresolved("session.get"));
  CHECK(has_unresolved("log"));
  CHECK_FALSE(has_unresolved("data.get"));  // a dict method: outside the tree, not unknown
  CHECK(shop().program().external_calls > 0);
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
  CHECK(callees("shop.broken.fine") == std::vector<std::string>{"shop.broken.helper"});
  const auto broken = std::find_if(shop().files().begin(), shop().files().end(),
                                   [](const FileFacts& f) { return f.relative_path == "src/shop/broken.py"; });
  REQUIRE(broken != shop().files().end());
  CHECK(broken->has_syntax_errors);
}
