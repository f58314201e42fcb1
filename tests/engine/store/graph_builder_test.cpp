#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "store/store_check.hpp"
#include "trellis/store/graph_builder.hpp"

using namespace trellis;

namespace {

BuildId must(Result<BuildId> r) {
  REQUIRE(r.ok());
  return *r;
}

}  // namespace

TEST_CASE("an empty builder makes the empty graph") {
  auto built = GraphBuilder{}.build();
  REQUIRE(built.ok());
  CHECK(built->store.node_count() == 0);
  CHECK(built->store.edge_count() == 0);
  CHECK(built->store.find_all("x").empty());
  CHECK(built->store.nodes_named("x").empty());
}

TEST_CASE("builder groups ids by label and keeps properties, names and edges") {
  GraphBuilder b;
  const BuildId method = must(b.add_node(Label::Method, "shop.auth.User.login", "login"));
  const BuildId module = must(b.add_node(Label::Module, "shop.auth", "auth"));
  const BuildId klass = must(b.add_node(Label::Class, "shop.auth.User", "User"));
  const BuildId package = must(b.add_node(Label::Package, "shop", "shop"));
  const BuildId fn = must(b.add_node(Label::Function, "shop.auth.login", "login"));
  b.set_string(method, *property_index(Label::Method, "class_name"), "User");
  b.set_int(method, *property_index(Label::Method, "line_start"), 10);
  b.set_bool(method, *property_index(Label::Method, "is_async"), true);
  b.add_list_item(klass, *property_index(Label::Class, "base_classes"), "Base");
  b.add_list_item(klass, *property_index(Label::Class, "base_classes"), "Mixin");
  b.add_edge(RelType::Defines, module, klass);
  b.add_edge(RelType::Defines, klass, method);
  b.add_edge(RelType::Contains, package, module);
  const auto call = b.add_edge(RelType::Calls, fn, method);
  b.set_edge_string(RelType::Calls, call, *property_index(RelType::Calls, "call_type"), "method");
  b.set_edge_int(RelType::Calls, call, *property_index(RelType::Calls, "line"), 42);

  auto built = std::move(b).build();
  REQUIRE(built.ok());
  const GraphStore& g = built->store;
  const NodeId m = built->node_ids[method];
  CHECK(g.node_count() == 5);
  CHECK(g.edge_count() == 4);
  CHECK(g.label(built->node_ids[package]) == Label::Package);
  CHECK(g.label(m) == Label::Method);
  CHECK(built->node_ids[package] < built->node_ids[module]);
  CHECK(built->node_ids[module] < built->node_ids[klass]);
  CHECK(built->node_ids[fn] < m);
  CHECK(g.qualified_name(m) == "shop.auth.User.login");
  CHECK(g.qualified_name(built->node_ids[package]) == "shop");
  CHECK(g.name(m) == "login");
  CHECK(g.find(Label::Method, "shop.auth.User.login") == m);
  CHECK_FALSE(g.find(Label::Function, "shop.auth.User.login").has_value());
  CHECK(g.nodes_named("login").size() == 2);
  CHECK(std::get<std::string_view>(g.property(m, "class_name")) == "User");
  CHECK(std::get<std::int64_t>(g.property(m, "line_start")) == 10);
  CHECK(std::get<bool>(g.property(m, "is_async")) == true);
  CHECK(is_null(g.property(m, "docstring")));
  CHECK(is_null(g.property(m, "no_such_property")));
  const auto bases = std::get<std::vector<std::string_view>>(g.property(built->node_ids[klass], "base_classes"));
  CHECK(bases == std::vector<std::string_view>{"Base", "Mixin"});
  REQUIRE(g.in(RelType::Calls, m).size() == 1);
  CHECK(g.in(RelType::Calls, m)[0] == built->node_ids[fn]);
  const EdgePos pos = g.in_edge_position(RelType::Calls, m, 0);
  CHECK(std::get<std::string_view>(g.edge_property(RelType::Calls, pos, 0)) == "method");
  CHECK(std::get<std::int64_t>(g.edge_property(RelType::Calls, pos, 1)) == 42);
}

TEST_CASE("a Package and its __init__ Module may share a qualified name, a duplicate may not") {
  GraphBuilder b;
  const BuildId package = must(b.add_node(Label::Package, "shop.services", "services"));
  const BuildId module = must(b.add_node(Label::Module, "shop.services", "services"));
  const auto duplicate = b.add_node(Label::Module, "shop.services", "services");
  REQUIRE_FALSE(duplicate.ok());
  CHECK(duplicate.error().code == ErrorCode::InvalidArgument);
  CHECK(b.find(Label::Module, "shop.services") == module);
  CHECK(b.find(Label::Package, "shop.services") == package);
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  CHECK(built->store.find_all("shop.services").size() == 2);
}

TEST_CASE("find_or_add_node answers the node a label and qualified name already have, else adds one") {
  GraphBuilder b;
  const auto added = b.find_or_add_node(Label::Function, "shop.util.slug", "slug");
  REQUIRE(added.ok());
  CHECK(added->second);
  const auto again = b.find_or_add_node(Label::Function, "shop.util.slug", "other");
  REQUIRE(again.ok());
  CHECK(again->first == added->first);
  CHECK_FALSE(again->second);
  const auto other_label = b.find_or_add_node(Label::Class, "shop.util.slug", "slug");
  REQUIRE(other_label.ok());
  CHECK(other_label->second);
  CHECK(other_label->first != added->first);
  CHECK(b.node_count() == 2);
  const auto empty = b.find_or_add_node(Label::Function, "", "x");
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.error().code == ErrorCode::InvalidArgument);
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  CHECK(built->store.name(built->node_ids[added->first]) == "slug");
  CHECK(built->store.find_all("shop.util.slug").size() == 2);
}

TEST_CASE("strings set by interned id read back as the strings set by text") {
  GraphBuilder b;
  const BuildId caller = must(b.add_node(Label::Function, "m.caller", "caller"));
  const BuildId callee = must(b.add_node(Label::Function, "m.callee", "callee"));
  const StringId path = b.intern("src/m.py");
  CHECK(b.intern("src/m.py") == path);
  b.set_string_id(caller, *property_index(Label::Function, "file_path"), path);
  b.set_string(callee, *property_index(Label::Function, "file_path"), "src/m.py");
  const auto call = b.add_edge(RelType::Calls, caller, callee);
  b.set_edge_string_id(RelType::Calls, call, *property_index(RelType::Calls, "call_type"), b.intern("direct"));
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  const GraphStore& g = built->store;
  CHECK(std::get<std::string_view>(g.property(built->node_ids[caller], "file_path")) == "src/m.py");
  CHECK(std::get<std::string_view>(g.property(built->node_ids[callee], "file_path")) == "src/m.py");
  const EdgePos pos = g.in_edge_position(RelType::Calls, built->node_ids[callee], 0);
  CHECK(std::get<std::string_view>(g.edge_property(RelType::Calls, pos, 0)) == "direct");
}

TEST_CASE("qualified names that are not parent paths are kept whole") {
  GraphBuilder b;
  must(b.add_node(Label::Function, "a.b", "b"));
  const BuildId odd = must(b.add_node(Label::Function, "x..y.", ""));
  const BuildId child = must(b.add_node(Label::Method, "a.b.c", "c"));
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  CHECK(built->store.qualified_name(built->node_ids[odd]) == "x..y.");
  CHECK(built->store.qualified_name(built->node_ids[child]) == "a.b.c");
  CHECK(built->store.find(Label::Method, "a.b.c") == built->node_ids[child]);
  CHECK_FALSE(built->store.find(Label::Method, "a.b").has_value());
  CHECK_FALSE(built->store.find(Label::Method, "z.b.c").has_value());
}

TEST_CASE("an edge to a node that does not exist is refused at build") {
  GraphBuilder b;
  const BuildId a = must(b.add_node(Label::Function, "a", "a"));
  b.add_edge(RelType::Calls, a, 7);
  auto built = std::move(b).build();
  REQUIRE_FALSE(built.ok());
  CHECK(built.error().code == ErrorCode::InvalidArgument);
}

TEST_CASE("any qualified name builds: empty segments, a leading or trailing dot, an empty name") {
  // ".eslintrc" once crashed the build: its prefix "" is an interned text
  // without a node, and was taken for a parent.
  const std::vector<std::string> names = {".eslintrc", "sub..eslintrc", "sub", "sub.", "a..b", "a", "..", ".",
                                          "x y.ü.class", "sub.x"};
  GraphBuilder b;
  std::vector<BuildId> ids;
  for (const std::string& name : names) ids.push_back(must(b.add_node(Label::Module, name, name)));
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  const GraphStore& g = built->store;
  CHECK(!find_inconsistency(g.parts()).has_value());
  for (std::size_t i = 0; i < names.size(); ++i) {
    const NodeId id = built->node_ids[ids[i]];
    CHECK(g.qualified_name(id) == names[i]);
    CHECK(g.qualified_name_equals(id, names[i]));
    REQUIRE(g.find_all(names[i]).size() == 1);
    CHECK(g.find_all(names[i])[0] == id);
  }
}
