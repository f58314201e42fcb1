// End-to-end resolution on tests/fixtures/c/shop (EXPECTED.md there lists
// each rule): the complete CALLS set, so every edge a name matcher would add
// is asserted absent too, with the unresolved sites and their reasons.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"

using namespace trellis;
using Names = std::vector<std::string>;

namespace {

const test::IndexedFixture& c_shop() {
  static const test::IndexedFixture fixture("c/shop");
  return fixture;
}

// "from -> to" of every `type` edge of the C shop, sorted.
Names c_shop_edges(RelType type) {
  const GraphStore& store = c_shop().store();
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
Names c_shop_unresolved(std::string_view from) {
  Names sites;
  for (const auto& call : c_shop().store().unresolved_calls(c_shop().node(from))) {
    sites.push_back(std::string(call.text) + " " + std::string(unresolved_reason_code(call.reason)));
  }
  std::sort(sites.begin(), sites.end());
  return sites;
}

}  // namespace

TEST_CASE("c: functions once at their definition, structs, unions, enums and typedef'd structs as Classes") {
  CHECK(c_shop().names(Label::Function) ==
        Names{"include.shop.cart.cart_empty", "src.cart.cart_add", "src.cart.cart_total", "src.cart.helper",
              "src.legacy.log.log_line", "src.main.double_it", "src.main.main", "src.plugins.log.log_line",
              "src.plugins.log.plugin_install", "src.plugins.log.to_stderr",
              "src.report.helper", "src.report.report_each", "src.report.report_print", "src.report.to_console"});
  CHECK(c_shop().names(Label::Class) == Names{"include.shop.cart.Cart", "include.shop.cart.Item",
                                              "include.shop.cart.Price", "include.shop.cart.Status",
                                              "src.report.Writer"});
  CHECK(c_shop().names(Label::Module) ==
        Names{"include.shop.cart.h", "src.cart", "src.legacy.log", "src.legacy.log.h", "src.main", "src.plugins.log",
              "src.report", "src.report.h"});
  CHECK(c_shop().names(Label::Package) == Names{"include.shop", "src", "src.legacy", "src.plugins"});
  CHECK(c_shop().property("src.cart.cart_add", "file_path") == "src/cart.c");
  CHECK(c_shop().property("src.cart.cart_add", "line_start") == "12");
  CHECK(c_shop().property("include.shop.cart.Item", "line_start") == "13");
  CHECK(c_shop().property("src.cart.helper", "complexity") == "2");
  CHECK(c_shop().property("src.cart.cart_total", "complexity") == "3");
  CHECK(c_shop().property("src.report.report_each", "complexity") == "2");
  CHECK(c_shop().property("src.main.main", "complexity") == "2");
}

TEST_CASE("c: the complete CALLS set: static helpers per file, header inline functions, one non-static definition") {
  Names expected{
      "src.cart.cart_add -> src.cart.helper",
      "src.cart.cart_total -> include.shop.cart.cart_empty",
      "src.report.report_print -> src.report.helper",
      "src.report.report_print -> src.cart.cart_total",
      "src.main.main -> src.cart.cart_add",
      "src.main.main -> src.report.report_print",
      "src.main.main -> src.report.report_each",
      "src.main.main -> src.cart.cart_total",
      // Two non-static log_line: the counterpart of the included legacy/log.h.
      "src.main.main -> src.legacy.log.log_line",
      // out->write and console.write: every function stored in field write of a struct Writer.
      "src.report.report_print -> src.report.to_console",
      "src.report.report_print -> src.report.to_console",
      "src.report.report_print -> src.plugins.log.to_stderr",
      "src.report.report_print -> src.plugins.log.to_stderr",
  };
  std::sort(expected.begin(), expected.end());
  CHECK(c_shop_edges(RelType::Calls) == expected);
  CHECK(c_shop().calls("src.main.main") ==
        Names{"src.cart.cart_add direct 12", "src.cart.cart_total direct 16", "src.legacy.log.log_line direct 15",
              "src.report.report_each direct 14", "src.report.report_print direct 13"});
  CHECK(c_shop().calls("src.report.report_print") ==
        Names{"src.cart.cart_total direct 10", "src.plugins.log.to_stderr direct 11", "src.plugins.log.to_stderr direct 12",
              "src.report.helper direct 10", "src.report.to_console direct 11", "src.report.to_console direct 12"});
  CHECK(c_shop().calls("src.plugins.log.log_line").empty());  // fputs: out of the tree
}

TEST_CASE("c: macros, function pointers no assignment reaches and ambiguous names are unresolved sites") {
  CHECK(c_shop_unresolved("src.cart.cart_total") == Names{"CART_MAX not_callable"});
  CHECK(c_shop_unresolved("src.main.main") == Names{"TWICE not_callable"});
  CHECK(c_shop_unresolved("src.report.report_print") ==
        Names{"((const struct Writer *)out)->write unknown_receiver", "log_line unknown_name",
              "out->flush dynamic_callee"});
  CHECK(c_shop_unresolved("src.report.report_each") == Names{"visit dynamic_callee"});
  // printf, puts, fputs, exit: calls out of the tree, not unresolved.
  CHECK(c_shop_unresolved("src.legacy.log.log_line").empty());
  CHECK(c_shop().report().external_calls == 5);
}

TEST_CASE("c: #include finds files of the tree beside the file, from the root and in include/; others are external") {
  CHECK(c_shop().module_imports("src.cart") == Names{"include.shop.cart.h", "stdio.h"});
  CHECK(c_shop().module_imports("src.report.h") == Names{"include.shop.cart.h"});
  CHECK(c_shop().module_imports("src.main") == Names{"src.legacy.log.h", "src.report.h", "stdlib.h"});
  CHECK(c_shop().module_imports("src.plugins.log") == Names{"src.report.h", "stdio.h"});
  CHECK(c_shop().names(Label::ExternalPackage) == Names{"stddef.h", "stdio.h", "stdlib.h"});
}
