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
              "gallery.Widget.draw method 44", "gallery.Widget.size method 26", "gallery.Widget.size method 30", "gallery.Widget.size method 35"});
  // `using WidgetBox = Box<Widget>` names Box without its arguments (an
  // alias keeps no type arguments yet): `get()` is of unknown type there.
  CHECK(gallery().unresolved("gallery.templates") == Names{"alias.get().draw"});
}
