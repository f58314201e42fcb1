// select_subgraph: the neighbourhood of roots over chosen types and
// direction, breadth-first to a depth, capped, with what the cap left out.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/queries/query_test_graphs.hpp"
#include "trellis/queries/subgraph.hpp"

using namespace trellis;
using namespace trellis::queries;
using trellis::testing::named;
using trellis::testing::NamedGraph;

namespace {

// a calls b and c; b calls d; c calls d and e; x calls a; class K inherits
// from class J; a is defined by module m.
NamedGraph neighbourhood_graph() {
  NamedGraph g;
  g.node(Label::Module, "m");
  for (const char* f : {"m.a", "m.b", "m.c", "m.d", "m.e", "m.x"}) g.node(Label::Function, f);
  g.node(Label::Class, "m.J").node(Label::Class, "m.K");
  g.edge(RelType::Calls, "m.a", "m.b")
      .edge(RelType::Calls, "m.a", "m.c")
      .edge(RelType::Calls, "m.b", "m.d")
      .edge(RelType::Calls, "m.c", "m.d")
      .edge(RelType::Calls, "m.c", "m.e")
      .edge(RelType::Calls, "m.x", "m.a")
      .edge(RelType::Inherits, "m.K", "m.J")
      .edge(RelType::Defines, "m", "m.a");
  g.build();
  return g;
}

Subgraph select(const NamedGraph& g, SubgraphRequest request) {
  TraversalScratch scratch;
  auto r = select_subgraph(g.store(), request, scratch);
  REQUIRE_MESSAGE(r.ok(), r.error().message);
  return std::move(r).value();
}

std::vector<std::string> edge_rows(const NamedGraph& g, const Subgraph& s) {
  std::vector<std::string> rows;
  for (const SubgraphEdge& e : s.edges) {
    rows.push_back(std::string(to_string(e.type)) + " " + g.store().qualified_name(e.source) + " " +
                   g.store().qualified_name(e.target));
  }
  return rows;
}

}  // namespace

TEST_CASE("subgraph: out over CALLS to a depth, every edge among the nodes once") {
  const NamedGraph g = neighbourhood_graph();
  const Subgraph s = select(g, {{"m.a"}, SubgraphDirection::Out, 2, {RelType::Calls}, 200});
  CHECK(named(g.store(), s.nodes) == std::vector<std::string>{"m.a", "m.b", "m.c", "m.d", "m.e"});
  CHECK(edge_rows(g, s) == std::vector<std::string>{"CALLS m.a m.b", "CALLS m.a m.c", "CALLS m.b m.d",
                                                    "CALLS m.c m.d", "CALLS m.c m.e"});
  CHECK(s.omitted.empty());
  CHECK(s.omitted_total == 0);
  const Subgraph one = select(g, {{"m.a"}, SubgraphDirection::Out, 1, {RelType::Calls}, 200});
  CHECK(named(g.store(), one.nodes) == std::vector<std::string>{"m.a", "m.b", "m.c"});
  CHECK(one.omitted.empty());  // the depth, not the cap, ends it: no marker
}

TEST_CASE("subgraph: in, both, every type but CONTAINS by default, several roots") {
  const NamedGraph g = neighbourhood_graph();
  CHECK(named(g.store(), select(g, {{"m.d"}, SubgraphDirection::In, 2, {RelType::Calls}, 200}).nodes) ==
        std::vector<std::string>{"m.d", "m.b", "m.c", "m.a"});
  const Subgraph both = select(g, {{"m.a"}, SubgraphDirection::Both, 1, {}, 200});
  CHECK(named(g.store(), both.nodes) == std::vector<std::string>{"m.a", "m", "m.b", "m.c", "m.x"});
  CHECK(edge_rows(g, both) == std::vector<std::string>{"DEFINES m m.a", "CALLS m.a m.b", "CALLS m.a m.c",
                                                       "CALLS m.x m.a"});
  const Subgraph two = select(g, {{"m.K", "m.e"}, SubgraphDirection::Both, 1, {}, 200});
  CHECK(named(g.store(), two.nodes) == std::vector<std::string>{"m.K", "m.e", "m.J", "m.c"});
}

TEST_CASE("subgraph: the node cap leaves neighbours out and says how many, per node and in all") {
  const NamedGraph g = neighbourhood_graph();
  const Subgraph s = select(g, {{"m.a"}, SubgraphDirection::Out, 3, {RelType::Calls}, 3});
  CHECK(named(g.store(), s.nodes) == std::vector<std::string>{"m.a", "m.b", "m.c"});
  REQUIRE(s.omitted.size() == 2);
  CHECK(g.store().qualified_name(s.omitted[0].node) == "m.b");
  CHECK(s.omitted[0].count == 1);  // d
  CHECK(g.store().qualified_name(s.omitted[1].node) == "m.c");
  CHECK(s.omitted[1].count == 2);  // d, e
  CHECK(s.omitted_total == 2);     // d counted once
}

TEST_CASE("subgraph: refusals") {
  const NamedGraph g = neighbourhood_graph();
  TraversalScratch scratch;
  CHECK(select_subgraph(g.store(), {{}, SubgraphDirection::Out, 2, {}, 200}, scratch).error().code ==
        ErrorCode::InvalidArgument);
  CHECK(select_subgraph(g.store(), {{"m.a"}, SubgraphDirection::Out, 11, {}, 200}, scratch).error().code ==
        ErrorCode::InvalidArgument);
  CHECK(select_subgraph(g.store(), {{"m.a"}, SubgraphDirection::Out, 2, {}, 0}, scratch).error().code ==
        ErrorCode::InvalidArgument);
  CHECK(select_subgraph(g.store(), {{"m.zz"}, SubgraphDirection::Out, 2, {}, 200}, scratch).error().code ==
        ErrorCode::NodeNotFound);
}
