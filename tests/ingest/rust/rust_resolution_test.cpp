// End-to-end resolution on tests/fixtures/rust/shop, a Cargo workspace of two
// crates (EXPECTED.md there lists each rule): the complete CALLS set, so
// every edge a name matcher would add is asserted absent too, with the
// unresolved sites and their reasons.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"

using namespace trellis;
using Names = std::vector<std::string>;

namespace {

const test::IndexedFixture& rust_shop() {
  static const test::IndexedFixture fixture("rust/shop");
  return fixture;
}

// "from -> to" of every `type` edge of the Rust shop, sorted.
Names rust_shop_edges(RelType type) {
  const GraphStore& store = rust_shop().store();
  Names edges;
  for (NodeId node = 0; node < store.node_count(); ++node) {
    for (const NodeId target : store.out(type, node)) {
      edges.push_back(store.qualified_name(node) + " -> " + store.qualified_name(target));
    }
  }
  std::sort(edges.begin(), edges.end());
  return edges;
}

// "text reason" of each unresolved call site of `from`, sorted.
Names rust_shop_unresolved(std::string_view from) {
  Names sites;
  for (const auto& call : rust_shop().store().unresolved_calls(rust_shop().node(from))) {
    sites.push_back(std::string(call.text) + " " + std::string(unresolved_reason_code(call.reason)));
  }
  std::sort(sites.begin(), sites.end());
  return sites;
}

}  // namespace

TEST_CASE("rust: crates from Cargo.toml, modules from files and inline mods, impl methods under their type") {
  CHECK(rust_shop().names(Label::Package) == Names{"shop_app", "shop_core"});
  CHECK(rust_shop().names(Label::Module) == Names{"shop_app.main", "shop_app.report", "shop_core.lib",
                                                  "shop_core.orders", "shop_core.orders.store", "shop_core.shapes",
                                                  "shop_core.util"});
  CHECK(rust_shop().names(Label::Class) == Names{"shop_core.orders.Invoice", "shop_core.orders.Order",
                                                 "shop_core.orders.OrderRef", "shop_core.orders.store.Store", "shop_core.shapes.Circle",
                                                 "shop_core.shapes.Square"});
  CHECK(rust_shop().names(Label::Interface) == Names{"shop_core.shapes.Shape"});
  CHECK(rust_shop().names(Label::Function) ==
        Names{"shop_app.local_helper", "shop_app.main", "shop_app.report.callbacks", "shop_app.report.helper",
              "shop_app.report.pairs", "shop_app.report.summary", "shop_core.log_line", "shop_core.log_line!", "shop_core.orders.checkout",
              "shop_core.orders.load", "shop_core.orders.tests.helper", "shop_core.orders.tests.order_processes",
              "shop_core.orders.via_ref", "shop_core.shapes.largest", "shop_core.shapes.print_shape", "shop_core.shapes.total_area",
              "shop_core.util.format_price", "shop_core.util.helper"});
  CHECK(rust_shop().names(Label::Method) ==
        Names{"shop_core.orders.Invoice.new", "shop_core.orders.Invoice.process", "shop_core.orders.Order.fmt<Debug>",
              "shop_core.orders.Order.fmt<Display>", "shop_core.orders.Order.new", "shop_core.orders.Order.process",
              "shop_core.orders.Order.validate", "shop_core.orders.OrderRef.deref",
              "shop_core.orders.store.Store.fetch", "shop_core.orders.store.Store.first",
              "shop_core.orders.store.Store.new", "shop_core.orders.store.Store.process_all",
              "shop_core.orders.store.Store.refresh", "shop_core.shapes.Circle.area", "shop_core.shapes.Circle.new",
              "shop_core.shapes.Shape.area", "shop_core.shapes.Shape.describe", "shop_core.shapes.Square.area",
              "shop_core.shapes.Square.describe"});
  // One node per type, at its declaration; impl blocks only add members.
  CHECK(rust_shop().property("shop_core.orders.Order", "line_start") == "7");
  CHECK(rust_shop().property("shop_core.orders.Order", "file_path") == "core/src/orders/mod.rs");
  // Two trait impls' fmt are two Methods, named apart by their trait.
  CHECK(rust_shop().targets(RelType::Defines, "shop_core.orders.Order") ==
        Names{"shop_core.orders.Order.fmt<Debug>", "shop_core.orders.Order.fmt<Display>", "shop_core.orders.Order.new",
              "shop_core.orders.Order.process", "shop_core.orders.Order.validate"});
  CHECK(rust_shop().property("shop_core.orders.Order.fmt<Debug>", "line_start") == "89");
  CHECK(rust_shop().targets(RelType::Defines, "shop_core.shapes.Shape") ==
        Names{"shop_core.shapes.Shape.area", "shop_core.shapes.Shape.describe"});
  CHECK(rust_shop().list_property("shop_core.log_line!", "decorators") == Names{"macro_rules!"});
}

TEST_CASE("rust: impl Trait for Type is IMPLEMENTS from the type to the trait") {
  CHECK(rust_shop_edges(RelType::Implements) ==
        Names{"shop_core.shapes.Circle -> shop_core.shapes.Shape", "shop_core.shapes.Square -> shop_core.shapes.Shape"});
  CHECK(rust_shop_edges(RelType::Inherits).empty());
}

TEST_CASE("rust: the complete CALLS set: paths, use renames and globs, self, Self, typed receivers, ? and await") {
  Names expected{
      // `use crate::util::helper as util_helper`, not the tests module's helper.
      "shop_core.orders.Order.new -> shop_core.util.helper",
      "shop_core.orders.Order.process -> shop_core.orders.Order.validate",
      "shop_core.orders.Order.process -> shop_core.util.format_price",
      // A field's declared type: Invoice.process reaches Order.process, not itself.
      "shop_core.orders.Invoice.process -> shop_core.orders.Order.process",
      "shop_core.orders.load -> shop_core.orders.Order.new",
      // Through `impl Deref for OrderRef { type Target = Order; }` (no INHERITS).
      "shop_core.orders.via_ref -> shop_core.orders.Order.process",
      "shop_core.orders.checkout -> shop_core.orders.load",
      "shop_core.orders.checkout -> shop_core.orders.Invoice.new",
      // `let invoice = Invoice::new(order)`: the constructor's return type.
      "shop_core.orders.checkout -> shop_core.orders.Invoice.process",
      // Inside `mod tests`: its own helper (use super::* for Order).
      "shop_core.orders.tests.order_processes -> shop_core.orders.Order.new",
      "shop_core.orders.tests.order_processes -> shop_core.orders.tests.helper",
      "shop_core.orders.tests.order_processes -> shop_core.orders.Order.process",
      // for over a Vec<Order> field, if let Some(x) of an Option<&Order>, unwrap.
      "shop_core.orders.store.Store.process_all -> shop_core.orders.Order.process",
      "shop_core.orders.store.Store.process_all -> shop_core.orders.store.Store.first",
      "shop_core.orders.store.Store.fetch -> shop_core.orders.Order.new",
      // self.fetch(1).await.process(): the async fn's declared return type.
      "shop_core.orders.store.Store.refresh -> shop_core.orders.store.Store.fetch",
      "shop_core.orders.store.Store.refresh -> shop_core.orders.Order.process",
      // A trait's default method calls the trait's method; &dyn Shape, Box<dyn Shape>
      // and T: Shape reach the trait's methods, never an impl's.
      "shop_core.shapes.Shape.describe -> shop_core.shapes.Shape.area",
      "shop_core.shapes.total_area -> shop_core.shapes.Shape.area",
      "shop_core.shapes.print_shape -> shop_core.shapes.Shape.describe",
      "shop_core.shapes.largest -> shop_core.shapes.Shape.area",
      // Another crate of the workspace: a re-export (pub use store::Store), a
      // module by `self` in a use group, a glob, an `as` rename; log_line! is
      // a macro (no edge), log_line( ) the function.
      "shop_app.main -> shop_core.orders.store.Store.new",
      "shop_app.main -> shop_core.orders.store.Store.process_all",
      "shop_app.main -> shop_core.orders.load",
      "shop_app.main -> shop_core.orders.Order.process",
      "shop_app.main -> shop_core.shapes.Circle.new",
      "shop_app.main -> shop_core.shapes.print_shape",
      "shop_app.main -> shop_core.util.format_price",
      "shop_app.main -> shop_core.log_line",
      "shop_app.main -> shop_app.report.summary",
      "shop_app.report.summary -> shop_core.orders.Order.process",
      "shop_app.report.summary -> shop_app.report.helper",
      "shop_app.report.summary -> shop_app.local_helper",
      // A closure passed to map over a slice of Order: its parameter is an
      // element; a match arm's Ok(first) of a Result<Order, _> an Order.
      "shop_app.report.callbacks -> shop_core.orders.Order.process",
      "shop_app.report.callbacks -> shop_core.orders.load",
  };
  std::sort(expected.begin(), expected.end());
  Names actual = rust_shop_edges(RelType::Calls);
  actual.erase(std::unique(actual.begin(), actual.end()), actual.end());
  CHECK(actual == expected);
  CHECK(rust_shop().calls("shop_core.orders.store.Store.process_all") ==
        Names{"shop_core.orders.Order.process method 18", "shop_core.orders.Order.process method 21",
              "shop_core.orders.Order.process method 23", "shop_core.orders.store.Store.first method 20",
              "shop_core.orders.store.Store.first method 23"});
}

TEST_CASE("rust: macro invocations and unknown receivers are unresolved sites, never matched by name") {
  CHECK(rust_shop_unresolved("shop_app.main") == Names{"log_line! not_callable"});
  CHECK(rust_shop().calls("shop_app.report.callbacks") ==
        Names{"shop_core.orders.Order.process method 15", "shop_core.orders.Order.process method 18",
              "shop_core.orders.load direct 16"});
  CHECK(rust_shop_unresolved("shop_app.report.callbacks").empty());
  // A tuple pattern's names have no type: no match by bare name.
  CHECK(rust_shop_unresolved("shop_app.report.pairs") == Names{"left.process unknown_receiver"});
  // println!, format!, Ok(..), String::from, Vec::new, .to_string(): calls out of the tree.
  CHECK(rust_shop_unresolved("shop_core.log_line").empty());
  CHECK(rust_shop_unresolved("shop_core.orders.checkout").empty());
  CHECK(rust_shop_unresolved("shop_core.shapes.Shape.describe").empty());
}

TEST_CASE("rust: use declarations are IMPORTS of the modules they name, or of other crates") {
  CHECK(rust_shop().module_imports("shop_app.main") ==
        Names{"shop_core.lib", "shop_core.orders", "shop_core.shapes", "shop_core.util"});
  CHECK(rust_shop().module_imports("shop_core.orders.store") == Names{"shop_core.orders"});
}
