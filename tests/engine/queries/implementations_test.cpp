#include <doctest/doctest.h>

#include <string>

#include "engine/queries/query_test_graphs.hpp"
#include "trellis/queries/structural_queries.hpp"

using namespace trellis;
using namespace trellis::queries;
using trellis::testing::named;
using trellis::testing::NamedGraph;
using trellis::testing::NamedRows;

namespace {

// Payable (interface) <- Refundable (interface); Card implements Payable;
// Cash implements Refundable; Base <- Card's subclass Visa <- Gold;
// Visa also inherits Base (a diamond over Card and Base); Loop1 <-> Loop2.
NamedGraph payment_graph() {
  NamedGraph g;
  g.node(Label::Interface, "pay.Payable").node(Label::Interface, "pay.Refundable");
  for (const char* name : {"Base", "Card", "Cash", "Visa", "Gold", "Loop1", "Loop2"}) {
    g.node(Label::Class, std::string("pay.") + name);
  }
  g.edge(RelType::Inherits, "pay.Refundable", "pay.Payable")
      .edge(RelType::Implements, "pay.Card", "pay.Payable")
      .edge(RelType::Implements, "pay.Cash", "pay.Refundable")
      .edge(RelType::Inherits, "pay.Card", "pay.Base")
      .edge(RelType::Inherits, "pay.Visa", "pay.Card")
      .edge(RelType::Inherits, "pay.Visa", "pay.Base")
      .edge(RelType::Inherits, "pay.Gold", "pay.Visa")
      .edge(RelType::Inherits, "pay.Loop1", "pay.Loop2")
      .edge(RelType::Inherits, "pay.Loop2", "pay.Loop1");
  g.build();
  return g;
}

ImplementationsResult implementations(const NamedGraph& g, const std::string& name, bool indirect) {
  TraversalScratch scratch;
  auto result = query_implementations(g.store(), {name, indirect}, scratch);
  REQUIRE_MESSAGE(result.ok(), result.error().message);
  return std::move(result).value();
}

}  // namespace

TEST_CASE("implementations lists direct implementers and sub-interfaces at depth 1") {
  const NamedGraph g = payment_graph();
  const ImplementationsResult direct = implementations(g, "pay.Payable", false);
  CHECK(g.store().qualified_name(direct.target) == "pay.Payable");
  CHECK(named(g.store(), direct.implementations) ==
        NamedRows{{"pay.Refundable", 1}, {"pay.Card", 1}});
  CHECK(direct.count.total_count == 2);
  CHECK_FALSE(direct.count.truncated);

  const ImplementationsResult base = implementations(g, "pay.Base", false);
  CHECK(named(g.store(), base.implementations) == NamedRows{{"pay.Card", 1}, {"pay.Visa", 1}});
}

TEST_CASE("implementations with include_indirect follows inheritance at any distance, each once") {
  const NamedGraph g = payment_graph();
  const ImplementationsResult all = implementations(g, "pay.Payable", true);
  CHECK(named(g.store(), all.implementations) == NamedRows{{"pay.Refundable", 1},
                                                           {"pay.Card", 1},
                                                           {"pay.Cash", 2},
                                                           {"pay.Visa", 2},
                                                           {"pay.Gold", 3}});
  CHECK(all.count.total_count == 5);

  // Visa reaches Base directly and through Card: listed once, at depth 1.
  const ImplementationsResult base = implementations(g, "pay.Base", true);
  CHECK(named(g.store(), base.implementations) ==
        NamedRows{{"pay.Card", 1}, {"pay.Visa", 1}, {"pay.Gold", 2}});

  const ImplementationsResult leaf = implementations(g, "pay.Gold", true);
  CHECK(leaf.implementations.empty());
  CHECK(leaf.count.total_count == 0);
}

TEST_CASE("implementations terminates on an inheritance cycle and never lists the target") {
  const NamedGraph g = payment_graph();
  CHECK(named(g.store(), implementations(g, "pay.Loop1", true).implementations) ==
        NamedRows{{"pay.Loop2", 1}});
  CHECK(named(g.store(), implementations(g, "pay.Loop1", false).implementations) ==
        NamedRows{{"pay.Loop2", 1}});
}

TEST_CASE("implementations truncates at 100 rows and counts every implementer") {
  NamedGraph g;
  g.node(Label::Interface, "m.Plugin");
  for (int i = 0; i < 150; ++i) {
    const std::string name = "m.Impl" + std::to_string(i);
    g.node(Label::Class, name).edge(RelType::Implements, name, "m.Plugin");
  }
  g.node(Label::Class, "m.Special").edge(RelType::Inherits, "m.Special", "m.Impl3");
  g.build();

  const ImplementationsResult direct = implementations(g, "m.Plugin", false);
  CHECK(direct.implementations.size() == kMaxResults);
  CHECK(direct.count.total_count == 150);
  CHECK(direct.count.truncated);
  CHECK(g.store().qualified_name(direct.implementations.back().node) == "m.Impl99");

  const ImplementationsResult indirect = implementations(g, "m.Plugin", true);
  CHECK(indirect.implementations.size() == kMaxResults);
  CHECK(indirect.count.total_count == 151);
  CHECK(indirect.count.truncated);
}

TEST_CASE("implementations passes on NODE_NOT_FOUND and AMBIGUOUS_NAME") {
  NamedGraph g;
  g.node(Label::Interface, "a.Port")
      .node(Label::Interface, "b.Port")
      .node(Label::Class, "a.Adapter");
  g.build();
  TraversalScratch scratch;
  const auto ambiguous = query_implementations(g.store(), {"Port", false}, scratch);
  REQUIRE_FALSE(ambiguous.ok());
  CHECK(ambiguous.error().code == ErrorCode::AmbiguousName);
  CHECK(ambiguous.error().suggestions == std::vector<std::string>{"a.Port", "b.Port"});

  const auto missing = query_implementations(g.store(), {"a.Adaptor", false}, scratch);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().code == ErrorCode::NodeNotFound);
  CHECK(missing.error().suggestions == std::vector<std::string>{"a.Adapter"});
}

TEST_CASE("implementations on the shop fixture: the subclasses of Base") {
  const GraphStore& store = trellis::testing::shop_store();
  TraversalScratch scratch;
  const auto direct = query_implementations(store, {"shop.models.Base", false}, scratch);
  REQUIRE(direct.ok());
  CHECK(named(store, direct->implementations) == NamedRows{{"shop.models.User", 1}});
  const auto indirect = query_implementations(store, {"models.Base", true}, scratch);
  REQUIRE(indirect.ok());
  CHECK(named(store, indirect->implementations) ==
        NamedRows{{"shop.models.User", 1}, {"shop.models.Admin", 2}});
  const auto none = query_implementations(store, {"shop.services.auth.AuthService", true}, scratch);
  REQUIRE(none.ok());
  CHECK(none->implementations.empty());
}
