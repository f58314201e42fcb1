// Rust operators and trait-bound generics on tests/fixtures/rust/ops
// (EXPECTED.md there): `a + b` is V's `add` (impl Add for V), never W's
// `add` by name; a generic bounded by a trait reaches the trait's method.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"

using namespace trellis;
using Names = std::vector<std::string>;

namespace {

const test::IndexedFixture& rust_ops() {
  static const test::IndexedFixture fixture("rust/ops");
  return fixture;
}

}  // namespace

TEST_CASE("rust operators: an operator calls the std::ops method its left operand's type implements") {
  // `a + b` (56) add, `sum += a` (57) add_assign, `-sum` (58) neg, `grid[0]`
  // (59) Grid's index; `a == b` (60: a derived PartialEq) and `n + 1` (61: an
  // i32) are the library's: no edge, no site; W's add and neg are never reached.
  CHECK(rust_ops().calls("ops.operators") ==
        Names{"ops.Grid.index method 59", "ops.V.add method 56", "ops.V.add_assign method 57", "ops.V.neg method 58"});
  CHECK(rust_ops().unresolved("ops.operators").empty());
}

TEST_CASE("rust operators: *x calls Deref::deref of a value's type, never of a reference's") {
  // `(*h).touch()` (119), `(**r).touch()` (120: r's own `*`, then Holder's
  // deref); `*r` (121), `*i` (122) and `*local` (124, `&h`) are references'.
  CHECK(rust_ops().calls("ops.derefs") == Names{"ops.Holder.deref method 119", "ops.Holder.deref method 120",
                                                "ops.Inner.touch method 119", "ops.Inner.touch method 120",
                                                "ops.Inner.touch method 122"});
  CHECK(rust_ops().unresolved("ops.derefs").empty());
  // `&self`: `*self` (113) is the reference's; `**self` (114) Holder's deref.
  CHECK(rust_ops().calls("ops.Holder.own") == Names{"ops.Holder.deref method 114", "ops.Inner.touch method 114"});
}

TEST_CASE("rust operators: a generic bounded by a trait calls the trait's method") {
  CHECK(rust_ops().calls("ops.measure") == Names{"ops.Shape.area method 76"});
  CHECK(rust_ops().calls("ops.measure_where") == Names{"ops.Shape.area method 83"});
}
