#include <doctest/doctest.h>

#include "trellis/queries/name_lookup.hpp"
#include "trellis/store/graph_builder.hpp"

using namespace trellis;
using namespace trellis::queries;

namespace {

BuiltGraph names_graph() {
  GraphBuilder b;
  for (const auto& [label, qname, name] : std::vector<std::tuple<Label, std::string, std::string>>{
           {Label::Package, "shop.services", "services"},
           {Label::Module, "shop.services", "services"},
           {Label::Module, "shop.util.log", "log"},
           {Label::Function, "shop.util.log.log", "log"},
           {Label::Function, "shop.services.auth.login", "login"},
           {Label::Method, "shop.services.auth.AuthService.login", "login"},
           {Label::Method, "shop.models.User.logout", "logout"},
           {Label::Function, "shop.util.log.logger", "logger"},
           {Label::Class, "shop.models.User", "User"},
       }) {
    REQUIRE(b.add_node(label, qname, name).ok());
  }
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  return std::move(built).value();
}

}  // namespace

TEST_CASE("an exact qualified name resolves, preferring the kind's first label") {
  const BuiltGraph g = names_graph();
  const auto fn = lookup_node(g.store, "shop.util.log.log", kFunctionName);
  REQUIRE(fn.ok());
  CHECK(g.store.qualified_name(*fn) == "shop.util.log.log");
  const auto module = lookup_node(g.store, "shop.services", kModuleName);
  REQUIRE(module.ok());
  CHECK(g.store.label(*module) == Label::Module);
}

TEST_CASE("a unique suffix resolves; a shared one is ambiguous with its candidates") {
  const BuiltGraph g = names_graph();
  const auto by_suffix = lookup_node(g.store, "auth.AuthService.login", kFunctionName);
  REQUIRE(by_suffix.ok());
  CHECK(g.store.qualified_name(*by_suffix) == "shop.services.auth.AuthService.login");
  const auto user = lookup_node(g.store, "User", kClassName);
  REQUIRE(user.ok());

  const auto ambiguous = lookup_node(g.store, "login", kFunctionName);
  REQUIRE_FALSE(ambiguous.ok());
  CHECK(ambiguous.error().code == ErrorCode::AmbiguousName);
  CHECK(ambiguous.error().suggestions ==
        std::vector<std::string>{"shop.services.auth.AuthService.login", "shop.services.auth.login"});
  // "services.auth.login" is a suffix of only the function.
  CHECK(lookup_node(g.store, "services.auth.login", kFunctionName).ok());
}

TEST_CASE("a name of the wrong kind is not found") {
  const BuiltGraph g = names_graph();
  const auto wrong = lookup_node(g.store, "shop.models.User", kFunctionName);
  REQUIRE_FALSE(wrong.ok());
  CHECK(wrong.error().code == ErrorCode::NodeNotFound);
  CHECK(wrong.error().message == "Function 'shop.models.User' not found in graph");
}

TEST_CASE("not found suggests prefix matches first, then close names") {
  const BuiltGraph g = names_graph();
  const auto missing = lookup_node(g.store, "shop.util.log.lo", kFunctionName);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().code == ErrorCode::NodeNotFound);
  // log, logger, login x2, logout start with "lo": the first five in name order.
  CHECK(missing.error().suggestions == std::vector<std::string>{
                                           "shop.util.log.log", "shop.util.log.logger",
                                           "shop.services.auth.AuthService.login", "shop.services.auth.login",
                                           "shop.models.User.logout"});
  const auto typo = lookup_node(g.store, "lgoin", kFunctionName);
  REQUIRE_FALSE(typo.ok());
  REQUIRE_FALSE(typo.error().suggestions.empty());
  CHECK(typo.error().suggestions.front() == "shop.services.auth.AuthService.login");
  const auto nothing = lookup_node(g.store, "zzzzzzzz", kFunctionName);
  REQUIRE_FALSE(nothing.ok());
  CHECK(nothing.error().suggestions.empty());
  const auto empty = lookup_node(g.store, "", kFunctionName);
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.error().code == ErrorCode::InvalidArgument);
}

TEST_CASE("a suffix starting after a '/' of a Go import path resolves, never beside a '.' suffix") {
  GraphBuilder b;
  for (const auto& [label, qname, name] : std::vector<std::tuple<Label, std::string, std::string>>{
           {Label::Method, "github.com/caddyserver/caddy/v2/modules/caddyhttp.App.Validate", "Validate"},
           {Label::Method, "github.com/caddyserver/caddy/v2/modules/caddytls.App.Validate", "Validate"},
           {Label::Class, "github.com/caddyserver/caddy/v2/modules/caddyhttp.Server", "Server"},
           {Label::Class, "shop.caddyhttp.Server", "Server"},
       }) {
    REQUIRE(b.add_node(label, qname, name).ok());
  }
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  const GraphStore& store = built->store;

  const auto ambiguous = lookup_node(store, "App.Validate", kFunctionName);
  REQUIRE_FALSE(ambiguous.ok());
  CHECK(ambiguous.error().code == ErrorCode::AmbiguousName);

  for (const std::string_view name : {"caddyhttp.App.Validate", "modules/caddyhttp.App.Validate",
                                      "v2/modules/caddyhttp.App.Validate"}) {
    const auto found = lookup_node(store, name, kFunctionName);
    REQUIRE_MESSAGE(found.ok(), name);
    CHECK(store.qualified_name(*found) == "github.com/caddyserver/caddy/v2/modules/caddyhttp.App.Validate");
  }
  const auto tls = lookup_node(store, "caddytls.App.Validate", kFunctionName);
  REQUIRE(tls.ok());
  CHECK(store.qualified_name(*tls) == "github.com/caddyserver/caddy/v2/modules/caddytls.App.Validate");

  // Only whole path segments: "ttp.App.Validate" starts inside one.
  const auto partial = lookup_node(store, "ttp.App.Validate", kFunctionName);
  REQUIRE_FALSE(partial.ok());
  CHECK(partial.error().code == ErrorCode::NodeNotFound);

  // "caddyhttp.Server" ends "shop.caddyhttp.Server" after a '.': that one
  // match stays the answer, not made ambiguous by the Go type after a '/'.
  const auto server = lookup_node(store, "caddyhttp.Server", kClassName);
  REQUIRE(server.ok());
  CHECK(store.qualified_name(*server) == "shop.caddyhttp.Server");
}
