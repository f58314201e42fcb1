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

using Edges = std::vector<std::pair<std::string, std::string>>;

// Left, Right -> Base; Diamond -> Left, Right; Leaf -> Diamond;
// Circle -> Base and implements Shape; Shape (interface) -> Drawable;
// CycA -> CycB -> CycC -> CycA with Sub -> CycA; Selfish -> Selfish.
// Interfaces get lower ids than classes; within a label, ids follow the
// order added.
NamedGraph type_graph() {
  NamedGraph g;
  g.node(Label::Interface, "m.Drawable").node(Label::Interface, "m.Shape");
  for (const char* name : {"Base", "Left", "Right", "Diamond", "Leaf", "Circle", "CycA", "CycB",
                           "CycC", "Sub", "Selfish"}) {
    g.node(Label::Class, std::string("m.") + name);
  }
  g.edge(RelType::Inherits, "m.Left", "m.Base")
      .edge(RelType::Inherits, "m.Right", "m.Base")
      .edge(RelType::Inherits, "m.Diamond", "m.Left")
      .edge(RelType::Inherits, "m.Diamond", "m.Right")
      .edge(RelType::Inherits, "m.Leaf", "m.Diamond")
      .edge(RelType::Inherits, "m.Circle", "m.Base")
      .edge(RelType::Implements, "m.Circle", "m.Shape")
      .edge(RelType::Inherits, "m.Shape", "m.Drawable")
      .edge(RelType::Inherits, "m.CycA", "m.CycB")
      .edge(RelType::Inherits, "m.CycB", "m.CycC")
      .edge(RelType::Inherits, "m.CycC", "m.CycA")
      .edge(RelType::Inherits, "m.Sub", "m.CycA")
      .edge(RelType::Inherits, "m.Selfish", "m.Selfish");
  g.build();
  return g;
}

HierarchyResult hierarchy(const NamedGraph& g, const std::string& name,
                          HierarchyDirection direction, int max_depth = 10) {
  TraversalScratch scratch;
  auto result = query_hierarchy(g.store(), {name, direction, max_depth}, scratch);
  REQUIRE_MESSAGE(result.ok(), result.error().message);
  return std::move(result).value();
}

std::vector<std::vector<std::string>> cycles(const NamedGraph& g, const HierarchyResult& result) {
  std::vector<std::vector<std::string>> out;
  for (const auto& cycle : result.cycles) out.push_back(named(g.store(), cycle));
  return out;
}

}  // namespace

TEST_CASE("hierarchy up lists each base once at its shortest depth; a diamond is no cycle") {
  const NamedGraph g = type_graph();
  const HierarchyResult up = hierarchy(g, "m.Leaf", HierarchyDirection::Up);
  CHECK(g.store().qualified_name(up.target) == "m.Leaf");
  CHECK(named(g.store(), up.ancestors) ==
        NamedRows{{"m.Diamond", 1}, {"m.Left", 2}, {"m.Right", 2}, {"m.Base", 3}});
  // Base hangs under Left, the smaller id of the two classes that reach it.
  CHECK(named(g.store(), up.up_tree) == Edges{{"m.Diamond", "m.Leaf"},
                                              {"m.Left", "m.Diamond"},
                                              {"m.Right", "m.Diamond"},
                                              {"m.Base", "m.Left"}});
  CHECK(up.descendants.empty());
  CHECK(up.down_tree.empty());
  CHECK(up.cycles.empty());
  CHECK(up.count.total_count == 4);
  CHECK_FALSE(up.count.truncated);
}

TEST_CASE("hierarchy stops at max_depth: a base one step further is absent") {
  const NamedGraph g = type_graph();
  const HierarchyResult two = hierarchy(g, "m.Leaf", HierarchyDirection::Up, 2);
  CHECK(named(g.store(), two.ancestors) ==
        NamedRows{{"m.Diamond", 1}, {"m.Left", 2}, {"m.Right", 2}});
  CHECK(two.count.total_count == 3);
  const HierarchyResult one = hierarchy(g, "m.Base", HierarchyDirection::Down, 1);
  CHECK(named(g.store(), one.descendants) ==
        NamedRows{{"m.Left", 1}, {"m.Right", 1}, {"m.Circle", 1}});
}

TEST_CASE("hierarchy down lists subclasses and implementers breadth-first by id") {
  const NamedGraph g = type_graph();
  const HierarchyResult down = hierarchy(g, "m.Base", HierarchyDirection::Down);
  CHECK(named(g.store(), down.descendants) ==
        NamedRows{{"m.Left", 1}, {"m.Right", 1}, {"m.Circle", 1}, {"m.Diamond", 2}, {"m.Leaf", 3}});
  CHECK(named(g.store(), down.down_tree) == Edges{{"m.Base", "m.Left"},
                                                  {"m.Base", "m.Right"},
                                                  {"m.Base", "m.Circle"},
                                                  {"m.Left", "m.Diamond"},
                                                  {"m.Diamond", "m.Leaf"}});
  CHECK(down.ancestors.empty());
  CHECK(down.up_tree.empty());

  // From an interface: its sub-interface, then the class implementing that.
  const HierarchyResult drawable = hierarchy(g, "m.Drawable", HierarchyDirection::Down);
  CHECK(named(g.store(), drawable.descendants) == NamedRows{{"m.Shape", 1}, {"m.Circle", 2}});
}

TEST_CASE("hierarchy up follows IMPLEMENTS to interfaces and INHERITS between interfaces") {
  const NamedGraph g = type_graph();
  const HierarchyResult up = hierarchy(g, "m.Circle", HierarchyDirection::Up);
  CHECK(named(g.store(), up.ancestors) ==
        NamedRows{{"m.Shape", 1}, {"m.Base", 1}, {"m.Drawable", 2}});
  CHECK(named(g.store(), up.up_tree) ==
        Edges{{"m.Shape", "m.Circle"}, {"m.Base", "m.Circle"}, {"m.Drawable", "m.Shape"}});
}

TEST_CASE("hierarchy both lists ancestors and descendants and counts them together") {
  const NamedGraph g = type_graph();
  const HierarchyResult both = hierarchy(g, "m.Diamond", HierarchyDirection::Both, 1);
  CHECK(named(g.store(), both.ancestors) == NamedRows{{"m.Left", 1}, {"m.Right", 1}});
  CHECK(named(g.store(), both.descendants) == NamedRows{{"m.Leaf", 1}});
  CHECK(named(g.store(), both.up_tree) == Edges{{"m.Left", "m.Diamond"}, {"m.Right", "m.Diamond"}});
  CHECK(named(g.store(), both.down_tree) == Edges{{"m.Diamond", "m.Leaf"}});
  CHECK(both.count.total_count == 3);
  CHECK_FALSE(both.count.truncated);
}

TEST_CASE("hierarchy reports an inheritance cycle once, from its smallest id, and terminates") {
  const NamedGraph g = type_graph();
  const HierarchyResult sub = hierarchy(g, "m.Sub", HierarchyDirection::Both);
  CHECK(named(g.store(), sub.ancestors) == NamedRows{{"m.CycA", 1}, {"m.CycB", 2}, {"m.CycC", 3}});
  CHECK(sub.descendants.empty());
  CHECK(cycles(g, sub) == std::vector<std::vector<std::string>>{{"m.CycA", "m.CycB", "m.CycC"}});

  // Inside the cycle: the loop back to the target is not listed again.
  const HierarchyResult b = hierarchy(g, "m.CycB", HierarchyDirection::Down);
  CHECK(named(g.store(), b.descendants) == NamedRows{{"m.CycA", 1}, {"m.CycC", 2}, {"m.Sub", 2}});
  CHECK(cycles(g, b) == std::vector<std::vector<std::string>>{{"m.CycA", "m.CycB", "m.CycC"}});

  // Only nodes the query reached count: one step up from CycB does not close the loop.
  const HierarchyResult short_reach = hierarchy(g, "m.CycB", HierarchyDirection::Up, 1);
  CHECK(named(g.store(), short_reach.ancestors) == NamedRows{{"m.CycC", 1}});
  CHECK(short_reach.cycles.empty());
}

TEST_CASE("hierarchy reports a class inheriting from itself as a cycle of one") {
  const NamedGraph g = type_graph();
  const HierarchyResult selfish = hierarchy(g, "m.Selfish", HierarchyDirection::Both);
  CHECK(selfish.ancestors.empty());
  CHECK(selfish.descendants.empty());
  CHECK(cycles(g, selfish) == std::vector<std::vector<std::string>>{{"m.Selfish"}});
  CHECK(selfish.count.total_count == 0);
}

TEST_CASE("hierarchy truncates at 100 rows over ancestors and descendants, counting every one") {
  NamedGraph g;
  g.node(Label::Class, "m.Top").node(Label::Class, "m.Root");
  g.edge(RelType::Inherits, "m.Root", "m.Top");
  for (int i = 0; i < 150; ++i) {
    const std::string name = "m.Sub" + std::to_string(i);
    g.node(Label::Class, name).edge(RelType::Inherits, name, "m.Root");
  }
  g.build();

  const HierarchyResult down = hierarchy(g, "m.Root", HierarchyDirection::Down);
  CHECK(down.descendants.size() == kMaxResults);
  CHECK(down.down_tree.size() == kMaxResults);
  CHECK(down.count.total_count == 150);
  CHECK(down.count.truncated);
  CHECK(g.store().qualified_name(down.descendants.front().node) == "m.Sub0");
  CHECK(g.store().qualified_name(down.descendants.back().node) == "m.Sub99");

  const HierarchyResult both = hierarchy(g, "m.Root", HierarchyDirection::Both);
  CHECK(named(g.store(), both.ancestors) == NamedRows{{"m.Top", 1}});
  CHECK(both.descendants.size() == kMaxResults - 1);
  CHECK(both.count.total_count == 151);
  CHECK(both.count.truncated);

  const HierarchyResult up = hierarchy(g, "m.Sub7", HierarchyDirection::Up);
  CHECK(named(g.store(), up.ancestors) == NamedRows{{"m.Root", 1}, {"m.Top", 2}});
  CHECK_FALSE(up.count.truncated);
}

TEST_CASE(
    "hierarchy passes on NODE_NOT_FOUND with suggestions and AMBIGUOUS_NAME with candidates") {
  NamedGraph g;
  g.node(Label::Class, "a.models.Dup")
      .node(Label::Class, "b.models.Dup")
      .node(Label::Class, "a.models.Leaf");
  g.node(Label::Function, "a.models.make");
  g.build();
  TraversalScratch scratch;

  const auto missing =
      query_hierarchy(g.store(), {"a.models.Leef", HierarchyDirection::Both, 10}, scratch);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().code == ErrorCode::NodeNotFound);
  CHECK(missing.error().suggestions == std::vector<std::string>{"a.models.Leaf"});

  const auto ambiguous = query_hierarchy(g.store(), {"Dup", HierarchyDirection::Both, 10}, scratch);
  REQUIRE_FALSE(ambiguous.ok());
  CHECK(ambiguous.error().code == ErrorCode::AmbiguousName);
  CHECK(ambiguous.error().suggestions == std::vector<std::string>{"a.models.Dup", "b.models.Dup"});

  // A longer suffix picks one; a function is not a class.
  CHECK(query_hierarchy(g.store(), {"b.models.Dup", HierarchyDirection::Up, 1}, scratch).ok());
  const auto function =
      query_hierarchy(g.store(), {"a.models.make", HierarchyDirection::Up, 1}, scratch);
  REQUIRE_FALSE(function.ok());
  CHECK(function.error().code == ErrorCode::NodeNotFound);
}

TEST_CASE("hierarchy on the shop fixture: User between Base and Admin") {
  const GraphStore& store = trellis::testing::shop_store();
  TraversalScratch scratch;
  const auto user =
      query_hierarchy(store, {"shop.models.User", HierarchyDirection::Both, 10}, scratch);
  REQUIRE(user.ok());
  CHECK(named(store, user->ancestors) == NamedRows{{"shop.models.Base", 1}});
  CHECK(named(store, user->descendants) == NamedRows{{"shop.models.Admin", 1}});
  CHECK(named(store, user->up_tree) == Edges{{"shop.models.Base", "shop.models.User"}});
  CHECK(named(store, user->down_tree) == Edges{{"shop.models.User", "shop.models.Admin"}});
  CHECK(user->cycles.empty());
  CHECK(user->count.total_count == 2);

  const auto base = query_hierarchy(store, {"Base", HierarchyDirection::Down, 10}, scratch);
  REQUIRE(base.ok());
  CHECK(named(store, base->descendants) ==
        NamedRows{{"shop.models.User", 1}, {"shop.models.Admin", 2}});
  const auto shallow = query_hierarchy(store, {"Base", HierarchyDirection::Down, 1}, scratch);
  REQUIRE(shallow.ok());
  CHECK(named(store, shallow->descendants) == NamedRows{{"shop.models.User", 1}});

  const auto admin = query_hierarchy(store, {"models.Admin", HierarchyDirection::Up, 10}, scratch);
  REQUIRE(admin.ok());
  CHECK(named(store, admin->ancestors) ==
        NamedRows{{"shop.models.User", 1}, {"shop.models.Base", 2}});

  const auto typo =
      query_hierarchy(store, {"shop.models.Usr", HierarchyDirection::Both, 10}, scratch);
  REQUIRE_FALSE(typo.ok());
  CHECK(typo.error().code == ErrorCode::NodeNotFound);
  CHECK(typo.error().suggestions == std::vector<std::string>{"shop.models.User"});
}
