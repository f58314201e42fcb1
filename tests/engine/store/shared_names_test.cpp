// GraphStore::qualified_name_shared(NodeId), marked once from the stored
// (prefix, suffix) pairs, agrees node by node with looking the name's text
// up in the qualified-name index.
#include <doctest/doctest.h>

#include "engine/queries/query_test_graphs.hpp"
#include "generator/code_graph_generator.hpp"

namespace trellis::testing {
namespace {

std::size_t check_shared_names(const GraphStore& store) {
  std::size_t shared = 0;
  for (NodeId node = 0; node < store.node_count(); ++node) {
    const bool by_text = store.qualified_name_shared(store.qualified_name(node));
    CAPTURE(store.qualified_name(node));
    CHECK(store.qualified_name_shared(node) == by_text);
    if (by_text) ++shared;
  }
  return shared;
}

TEST_CASE("a node's shared qualified name is marked exactly when another node has the same name") {
  // The shop fixture: the package shop.services and its __init__ module share a name.
  CHECK(check_shared_names(shop_store()) > 0);
  auto builder = bench::generate_code_graph({5'000, 11});
  REQUIRE(builder.ok());
  auto built = std::move(*builder).build();
  REQUIRE(built.ok());
  CHECK(check_shared_names(built->store) > 0);
  NamedGraph alone;
  alone.node(Label::Function, "m.f").node(Label::Method, "m.C.f").build();
  CHECK(check_shared_names(alone.store()) == 0);
}

}  // namespace
}  // namespace trellis::testing
