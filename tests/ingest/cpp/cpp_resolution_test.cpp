// End-to-end resolution on tests/fixtures/cpp/shop (EXPECTED.md there lists
// each rule): names, the complete CALLS and INHERITS sets, so every edge a
// name matcher would add is asserted absent too, and the unresolved sites
// with their reasons.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"

using namespace trellis;
using Names = std::vector<std::string>;

namespace {

const test::IndexedFixture& cpp_shop() {
  static const test::IndexedFixture fixture("cpp/shop");
  return fixture;
}

// "from -> to" of every `type` edge of the C++ shop, sorted, without repeats.
Names cpp_shop_edges(RelType type) {
  const GraphStore& store = cpp_shop().store();
  Names edges;
  for (NodeId node = 0; node < store.node_count(); ++node) {
    for (const NodeId target : store.out(type, node)) {
      edges.push_back(store.qualified_name(node) + " -> " + store.qualified_name(target));
    }
  }
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  return edges;
}

// "text reason" of each unresolved call site of `from`, sorted.
Names cpp_shop_unresolved(std::string_view from) {
  Names sites;
  for (const auto& call : cpp_shop().store().unresolved_calls(cpp_shop().node(from))) {
    sites.push_back(std::string(call.text) + " " + std::string(unresolved_reason_code(call.reason)));
  }
  std::sort(sites.begin(), sites.end());
  return sites;
}

}  // namespace

TEST_CASE("cpp: namespaces name classes; file paths name free functions; headers are modules of their own") {
  CHECK(cpp_shop().names(Label::Module) ==
        Names{"include.shop.model.h", "include.shop.shape.h", "include.shop.util.h", "src.main", "src.model",
              "src.shape", "src.util"});
  CHECK(cpp_shop().names(Label::Class) == Names{"app.Audit", "app.Runner", "shop.Box", "shop.Order", "shop.Printable",
                                                "shop.geo.Circle", "shop.geo.Shape", "shop.geo.Square"});
  CHECK(cpp_shop().names(Label::Function) ==
        Names{"include.shop.util.SHOP_LOG!", "include.shop.util.SHOP_UTIL_H!", "shop.operator+", "shop.same_total",
              "shop.util.log(int)",
              "shop.util.log(string&)", "shop.util.version", "src.main.main", "src.shape.helper",
              "src.util.format_price", "src.util.helper"});
  CHECK(cpp_shop().names(Label::Method) ==
        Names{"app.Audit.process", "app.Runner.process", "app.Runner.run", "shop.Box.first", "shop.Box.put",
              "shop.Order.operator==", "shop.Order.total", "shop.Order.validate", "shop.Printable.print",
              "shop.Printable.~Printable", "shop.geo.Circle.<init>", "shop.geo.Circle.area", "shop.geo.Shape.<init>",
              "shop.geo.Shape.area", "shop.geo.Shape.describe", "shop.geo.Shape.~Shape", "shop.geo.Square.area",
              "shop.geo.Square.print", "shop.geo.Square.scale(double)", "shop.geo.Square.scale(int)"});
  CHECK(cpp_shop().list_property("shop.geo.Shape.area", "decorators") == Names{"public", "virtual"});
  CHECK(cpp_shop().list_property("include.shop.util.SHOP_LOG!", "decorators") == Names{"macro_rules!"});
}

TEST_CASE("cpp: a member declared in its class and defined outside it is one node, at the definition") {
  CHECK(cpp_shop().property("shop.geo.Circle.area", "file_path") == "src/shape.cpp");
  CHECK(cpp_shop().property("shop.geo.Circle.area", "line_start") == "23");
  CHECK(cpp_shop().property("app.Runner.process", "file_path") == "src/main.cpp");
  CHECK(cpp_shop().property("app.Runner.process", "line_start") == "19");
  CHECK(cpp_shop().property("shop.geo.Square.scale(double)", "file_path") == "src/shape.cpp");
  CHECK(cpp_shop().property("src.util.format_price", "file_path") == "src/util.cpp");
  // Only declared (pure virtual): at its declaration.
  CHECK(cpp_shop().property("shop.geo.Shape.area", "file_path") == "include/shop/shape.h");
  // One DEFINES from the class, whichever file comes first.
  CHECK(cpp_shop().targets(RelType::Defines, "shop.geo.Square") ==
        Names{"shop.geo.Square.area", "shop.geo.Square.print", "shop.geo.Square.scale(double)",
              "shop.geo.Square.scale(int)"});
}

TEST_CASE("cpp: multiple and virtual inheritance are INHERITS") {
  CHECK(cpp_shop_edges(RelType::Inherits) == Names{"shop.geo.Circle -> shop.geo.Shape",
                                                   "shop.geo.Square -> shop.Printable",
                                                   "shop.geo.Square -> shop.geo.Shape"});
}

TEST_CASE("cpp: the complete CALLS set: namespaces, overloads, virtual calls, constructors, using, lambdas") {
  Names expected{
      "src.util.format_price -> src.util.helper",
      "shop.geo.Shape.<init> -> src.shape.helper",
      "shop.geo.Shape.~Shape -> shop.util.log(int)",
      "shop.geo.Shape.describe -> shop.geo.Shape.area",
      "shop.geo.Shape.describe -> shop.util.log(string&)",
      "shop.geo.Circle.<init> -> shop.geo.Shape",
      "shop.geo.Square.scale(int) -> shop.geo.Square.scale(double)",
      "shop.geo.Square.scale(double) -> src.shape.helper",
      "shop.geo.Square.scale(double) -> shop.util.log(int)",
      "shop.Order.validate -> shop.util.log(int)",
      "shop.Order.validate -> shop.Order.total",
      "app.Runner.run -> shop.geo.Shape.area",
      "app.Runner.run -> shop.geo.Shape.describe",
      "app.Runner.run -> app.Runner.process",
      "src.main.main -> shop.geo.Circle",
      "src.main.main -> shop.geo.Shape.area",
      "src.main.main -> shop.geo.Square.scale(int)",
      "src.main.main -> shop.geo.Square.scale(double)",
      "src.main.main -> shop.geo.Square.print",
      "src.main.main -> shop.Order.validate",
      "src.main.main -> shop.Order.total",
      "src.main.main -> shop.Box.put",
      "src.main.main -> shop.Box.first",
      "src.main.main -> app.Runner.run",
      "src.main.main -> src.util.format_price",
      "src.main.main -> shop.util.version",
      "src.main.main -> shop.util.log(int)",
      "src.main.main -> shop.geo.Circle.area",
      "shop.same_total -> shop.Order.operator==",
      "shop.same_total -> shop.operator+",
  };
  std::sort(expected.begin(), expected.end());
  CHECK(cpp_shop_edges(RelType::Calls) == expected);
  // Through the base pointer the base's method; `own.area()` (a Circle) and
  // `make_unique<Circle>(..)->area()` Circle's.
  CHECK(cpp_shop().calls("src.main.main") ==
        Names{"app.Runner.run method 53", "shop.Box.first method 49", "shop.Box.put method 48",
              "shop.Order.total method 46", "shop.Order.total method 49", "shop.Order.validate method 45", "shop.Order.validate method 51",
              "shop.geo.Circle constructor 36", "shop.geo.Circle constructor 61", "shop.geo.Circle.area method 39",
              "shop.geo.Circle.area method 62",
              "shop.geo.Shape.area method 37", "shop.geo.Square.print method 43",
              "shop.geo.Square.scale(double) method 42", "shop.geo.Square.scale(int) method 41",
              "shop.util.log(int) direct 57", "shop.util.version direct 56", "src.util.format_price direct 56"});
  CHECK(cpp_shop().calls("app.Runner.run") ==
        Names{"app.Runner.process method 29", "app.Runner.process method 30", "shop.geo.Shape.area method 27",
              "shop.geo.Shape.describe method 28"});
}

TEST_CASE("cpp: an operator expression calls the operator its operand's class defines, as a member or a free function") {
  // `a == b` (Order::operator==) and `a + b` (shop::operator+(const Order&, const Order&)).
  CHECK(cpp_shop().calls("shop.same_total") == Names{"shop.Order.operator== method 30", "shop.operator+ direct 31"});
  // On ints (`a.cents + b.cents`, `sum.cents != a.cents`) and a library's
  // string (`label == "sum"`): no edge, and no unresolved site either.
  CHECK(cpp_shop().calls("shop.operator+").empty());
  CHECK(cpp_shop().calls("shop.Order.operator==").empty());
  CHECK(cpp_shop_unresolved("shop.same_total").empty());
  CHECK(cpp_shop_unresolved("shop.operator+").empty());
}

TEST_CASE("cpp: macros and unknown receivers are unresolved sites, never matched by name") {
  CHECK(cpp_shop_unresolved("shop.geo.Square.print") == Names{"SHOP_LOG not_callable"});
  // `box.first()` returns T&, bound by `Box<shop::Order>` (line 49 above), not unknown.
  CHECK(cpp_shop_unresolved("src.main.main") == Names{"SHOP_LOG not_callable", "unknown.process unknown_receiver"});
  CHECK(cpp_shop_unresolved("shop.Box.put").empty());
  CHECK(cpp_shop_unresolved("shop.Order.validate") == Names{"check unknown_name"});
  // std::, printf and members of library types: calls out of the tree.
  CHECK(cpp_shop_unresolved("shop.geo.Shape.describe").empty());
  CHECK(cpp_shop_unresolved("src.util.format_price").empty());
}

TEST_CASE("cpp: #include is IMPORTS of the header, or of an ExternalPackage") {
  CHECK(cpp_shop().module_imports("src.main") == Names{"include.shop.shape.h", "include.shop.util.h", "memory", "vector"});
  CHECK(cpp_shop().module_imports("include.shop.shape.h") == Names{"include.shop.model.h", "string"});
}
