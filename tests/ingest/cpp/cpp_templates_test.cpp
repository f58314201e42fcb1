// Class-template argument binding on tests/fixtures/cpp/gallery (EXPECTED.md
// there): a member whose declared type is a template parameter is typed by
// the receiver's type argument; the standard containers and handles by
// their element. Every edge is listed with its line, so a call reached by
// name (Sprite's draw for a Widget, or the reverse) would show.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"

using namespace trellis;
using Names = std::vector<std::string>;

namespace {

const test::IndexedFixture& gallery() {
  static const test::IndexedFixture fixture("cpp/gallery");
  return fixture;
}

}  // namespace

TEST_CASE("cpp templates: the standard containers' element is their first argument, a map's its value") {
  CHECK(gallery().calls("gallery.containers") ==
        Names{"gallery.Sprite.draw method 17", "gallery.Sprite.size method 13", "gallery.Widget.draw method 10",
              "gallery.Widget.draw method 11", "gallery.Widget.draw method 15"});
  // `names[0].size()`: a std::string's member, a call out of the tree.
  CHECK(gallery().unresolved("gallery.containers").empty());
}

TEST_CASE("cpp templates: a template parameter's member is typed by the receiver's type argument") {
  // Line 44: `Wrapper<Widget>`'s `Box<Sprite> inner` (Sprite its parameter)
  // is a Box of Widget: Widget's draw, never gallery.Sprite's by name.
  CHECK(gallery().calls("gallery.templates") ==
        Names{"gallery.Box.get method 25", "gallery.Box.get method 29", "gallery.Box.get method 38",
              "gallery.Box.get method 40", "gallery.Box.get method 40", "gallery.Box.get method 42", "gallery.Box.get method 44",
              "gallery.Box.ref method 32",
              "gallery.Pair.first method 35", "gallery.Pair.second method 36", "gallery.Sprite.draw method 32",
              "gallery.Sprite.draw method 40", "gallery.Sprite.size method 33", "gallery.Sprite.size method 36",
              "gallery.Widget.draw method 25", "gallery.Widget.draw method 27", "gallery.Widget.draw method 28",
              "gallery.Widget.draw method 38", "gallery.Widget.draw method 44", "gallery.Widget.size method 26",
              "gallery.Widget.size method 30", "gallery.Widget.size method 35"});
  // Line 38: `WidgetBox alias` (`using WidgetBox = gallery::Box<gallery::Widget>`)
  // is a Box of Widget through the alias's arguments: `alias.get().draw()`
  // is Widget's draw, never Sprite's.
  CHECK(gallery().unresolved("gallery.templates").empty());
}

TEST_CASE("cpp operators: unary, increment, compound assignment, *, [], () call the operand class's member operator") {
  // `a - b` (binary) and `-a` (unary) are told apart by arity, `++a` and
  // `a++` too; on an int or a std::string (lines 15-19): nothing.
  CHECK(gallery().calls("src.operators.unary_and_compound") ==
        Names{"gallery.Vec.operator! method 11", "gallery.Vec.operator++() method 12",
              "gallery.Vec.operator++(int) method 13", "gallery.Vec.operator+= method 8",
              "gallery.Vec.operator-() method 9", "gallery.Vec.operator-(Vec&) method 10"});
  CHECK(gallery().unresolved("src.operators.unary_and_compound").empty());
  // `*v` calls operator* and is its Widget; `v->draw()` is typed through
  // operator-> (a Sprite*); `v[0]` calls operator[] (a Widget&); `v(1)`
  // calls operator(). Through a pointer (27, 28) `->` and `*` are the
  // pointer's: Vec's own reset, and neither operator* nor operator->.
  CHECK(gallery().calls("src.operators.dereference_subscript_call") ==
        Names{"gallery.Sprite.draw method 24", "gallery.Vec.operator() method 26", "gallery.Vec.operator* method 23",
              "gallery.Vec.operator[] method 25", "gallery.Vec.reset method 27", "gallery.Vec.reset method 28",
              "gallery.Widget.draw method 23", "gallery.Widget.size method 25"});
  CHECK(gallery().unresolved("src.operators.dereference_subscript_call").empty());
  // An operator of another arity is none: `s * t` (40) calls Scalar's binary operator*, `*s` (41) nothing.
  CHECK(gallery().calls("src.operators.arity") == Names{"gallery.Scalar.operator* method 40"});
}

TEST_CASE("cpp operators: free operators and functions of the argument's namespace (argument-dependent lookup)") {
  // Called from outside namespace gallery: geo's are found through Angle's
  // namespace; `normalize(3)` (an int) reaches neither geo's nor gallery's.
  CHECK(gallery().calls("src.operators.argument_dependent") ==
        Names{"gallery.geo.normalize direct 35", "gallery.geo.operator- direct 32", "gallery.geo.operator-- direct 33",
              "gallery.geo.operator< direct 34"});
  CHECK(gallery().unresolved("src.operators.argument_dependent").empty());
}
