#include <doctest/doctest.h>

#include <string>

#include "engine/queries/query_test_graphs.hpp"
#include "trellis/queries/structural_queries.hpp"

using namespace trellis;
using namespace trellis::queries;
using trellis::testing::named;
using trellis::testing::NamedGraph;

namespace {

using Names = std::vector<std::string>;

// Three modules with the same definitions, added out of line order:
// class Zed (line 30, with a method), _hidden (10), alpha (20). `plain` has
// no __all__; `listed` declares __all__ = ["_hidden", "Zed", "missing"];
// `closed` declares __all__ = []. The package `pkg` has an __init__ Module
// defining `api`; the namespace package `ns` has none.
NamedGraph export_graph() {
  NamedGraph g;
  g.node(Label::Package, "pkg").node(Label::Package, "ns");
  g.node(Label::Module, "m.plain").flag("has_all", false);
  g.node(Label::Module, "m.listed")
      .flag("has_all", true)
      .list("all_names", {"_hidden", "Zed", "missing"});
  g.node(Label::Module, "m.closed").flag("has_all", true);
  g.node(Label::Module, "pkg");
  g.node(Label::Function, "pkg.api").line(3);
  g.edge(RelType::Defines, "pkg", "pkg.api");
  for (const std::string module : {"m.plain", "m.listed", "m.closed"}) {
    g.node(Label::Class, module + ".Zed").line(30);
    g.node(Label::Method, module + ".Zed.go").line(31);
    g.node(Label::Function, module + "._hidden").line(10);
    g.node(Label::Function, module + ".alpha").line(20);
    g.edge(RelType::Defines, module, module + ".Zed")
        .edge(RelType::Defines, module + ".Zed", module + ".Zed.go")
        .edge(RelType::Defines, module, module + "._hidden")
        .edge(RelType::Defines, module, module + ".alpha");
  }
  g.build();
  return g;
}

Names exports(const NamedGraph& g, const std::string& module, bool include_private) {
  TraversalScratch scratch;
  auto result = query_exports(g.store(), {module, include_private}, scratch);
  REQUIRE_MESSAGE(result.ok(), result.error().message);
  CHECK(result->count.total_count == result->exports.size());
  CHECK_FALSE(result->count.truncated);
  return named(g.store(), result->exports);
}

}  // namespace

TEST_CASE("exports lists top-level definitions by line; private ones only when asked") {
  const NamedGraph g = export_graph();
  CHECK(exports(g, "m.plain", false) == Names{"m.plain.alpha", "m.plain.Zed"});
  CHECK(exports(g, "m.plain", true) == Names{"m.plain._hidden", "m.plain.alpha", "m.plain.Zed"});
  TraversalScratch scratch;
  const auto result = query_exports(g.store(), {"plain", false}, scratch);
  REQUIRE(result.ok());
  CHECK(g.store().qualified_name(result->module) == "m.plain");
}

TEST_CASE("exports: a module's __all__ decides what is public, names it lists that exist") {
  const NamedGraph g = export_graph();
  // _hidden is listed, so public; alpha is not, so private; "missing" has no definition.
  CHECK(exports(g, "m.listed", false) == Names{"m.listed._hidden", "m.listed.Zed"});
  CHECK(exports(g, "m.listed", true) ==
        Names{"m.listed._hidden", "m.listed.alpha", "m.listed.Zed"});
  // An empty __all__ makes everything private.
  CHECK(exports(g, "m.closed", false).empty());
  CHECK(exports(g, "m.closed", true) ==
        Names{"m.closed._hidden", "m.closed.alpha", "m.closed.Zed"});
}

TEST_CASE("exports of a package is its __init__ module's; a namespace package has none") {
  const NamedGraph g = export_graph();
  TraversalScratch scratch;
  const auto pkg = query_exports(g.store(), {"pkg", false}, scratch);
  REQUIRE(pkg.ok());
  CHECK(g.store().label(pkg->module) == Label::Module);
  CHECK(named(g.store(), pkg->exports) == Names{"pkg.api"});
  const auto ns = query_exports(g.store(), {"ns", true}, scratch);
  REQUIRE(ns.ok());
  CHECK(g.store().label(ns->module) == Label::Package);
  CHECK(ns->exports.empty());
}

TEST_CASE("exports truncates at 100 definitions and counts all of them") {
  NamedGraph g;
  g.node(Label::Module, "big");
  for (int i = 0; i < 150; ++i) {
    const std::string name = "big.f" + std::to_string(i);
    g.node(Label::Function, name).line(1000 - i);
    g.edge(RelType::Defines, "big", name);
  }
  g.build();
  TraversalScratch scratch;
  const auto result = query_exports(g.store(), {"big", false}, scratch);
  REQUIRE(result.ok());
  CHECK(result->exports.size() == kMaxResults);
  CHECK(result->count.total_count == 150);
  CHECK(result->count.truncated);
  // By line: the last one added comes first.
  CHECK(g.store().qualified_name(result->exports.front()) == "big.f149");
  CHECK(g.store().qualified_name(result->exports.back()) == "big.f50");
}

TEST_CASE("exports passes on NODE_NOT_FOUND and AMBIGUOUS_NAME") {
  const NamedGraph g = export_graph();
  TraversalScratch scratch;
  const auto missing = query_exports(g.store(), {"m.plane", false}, scratch);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().code == ErrorCode::NodeNotFound);
  CHECK(missing.error().suggestions == Names{"m.plain"});

  NamedGraph twins;
  twins.node(Label::Module, "a.util").node(Label::Module, "b.util");
  twins.build();
  const auto ambiguous = query_exports(twins.store(), {"util", false}, scratch);
  REQUIRE_FALSE(ambiguous.ok());
  CHECK(ambiguous.error().code == ErrorCode::AmbiguousName);
  CHECK(ambiguous.error().suggestions == Names{"a.util", "b.util"});
}

TEST_CASE("exports on the shop fixture: __all__ read from source wins over the underscore rule") {
  const GraphStore& store = trellis::testing::shop_store();
  TraversalScratch scratch;
  auto names = [&](const std::string& module, bool include_private) {
    auto result = query_exports(store, {module, include_private}, scratch);
    REQUIRE_MESSAGE(result.ok(), result.error().message);
    return named(store, result->exports);
  };
  // __all__ = ["User", "Admin", "make_user"]: User and Admin are imported,
  // so they follow the module's own definitions as re-exported rows.
  CHECK(names("shop", false) == Names{"shop.make_user", "shop.models.User", "shop.models.Admin"});
  {
    auto result = query_exports(store, {"shop", false}, scratch);
    REQUIRE(result.ok());
    CHECK(result->exported_as == std::vector<std::string_view>{"", "User", "Admin"});
  }
  // __all__ = ["exported"] leaves unlisted private.
  CHECK(names("shop.star.listed", false) == Names{"shop.star.listed.exported"});
  CHECK(names("shop.star.listed", true) ==
        Names{"shop.star.listed.exported", "shop.star.listed.unlisted"});
  // No __all__: the leading underscore decides.
  CHECK(names("star.plain", false) == Names{"shop.star.plain.public"});
  CHECK(names("star.plain", true) == Names{"shop.star.plain.public", "shop.star.plain._private"});
  CHECK(names("shop.util.log", false) == Names{"shop.util.log.log", "shop.util.log.get",
                                               "shop.util.log.Formatter", "shop.util.log.shout"});
  CHECK(names("shop.models", false) ==
        Names{"shop.models.Base", "shop.models.User", "shop.models.Admin"});

  const NodeId listed = *store.find(Label::Module, "shop.star.listed");
  CHECK(std::get<bool>(store.property(listed, "has_all")) == true);
  CHECK(std::get<std::vector<std::string_view>>(store.property(listed, "all_names")) ==
        std::vector<std::string_view>{"exported"});
  const NodeId plain = *store.find(Label::Module, "shop.star.plain");
  CHECK(std::get<bool>(store.property(plain, "has_all")) == false);
  CHECK(is_null(store.property(plain, "all_names")));
}

TEST_CASE("exports: re-exported rows follow the module's own, as recorded; a target not in the graph is left out") {
  NamedGraph g;
  g.node(Label::Module, "m.api")
      .flag("has_all", false)
      .list("reexported_names", {"Alias", "gone", "sub"})
      .list("reexported_from", {"m.impl.Thing", "m.nowhere.Thing", "m.impl"});
  g.node(Label::Module, "m.impl");
  g.node(Label::Class, "m.impl.Thing").line(4);
  g.node(Label::Function, "m.api.own").line(2);
  g.edge(RelType::Defines, "m.api", "m.api.own").edge(RelType::Defines, "m.impl", "m.impl.Thing");
  g.build();
  TraversalScratch scratch;
  const auto result = query_exports(g.store(), {"m.api", false}, scratch);
  REQUIRE(result.ok());
  CHECK(named(g.store(), result->exports) == Names{"m.api.own", "m.impl.Thing", "m.impl"});
  CHECK(result->exported_as == std::vector<std::string_view>{"", "Alias", "sub"});
  CHECK(result->count.total_count == 3);
}
