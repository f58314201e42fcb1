// callees and call graph expanding dispatch: a call to a method may run the
// methods overriding or implementing it in subclasses and implementers.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "trellis/queries/call_reach.hpp"
#include "trellis/queries/query_catalog.hpp"
#include "trellis/store/graph_builder.hpp"

using namespace trellis;
using namespace trellis::queries;
using Rows = std::vector<std::string>;

namespace {

// Types: d.Square INHERITS d.Shape, d.Tile INHERITS d.Square, d.Circle
// INHERITS d.Shape (no override), d.Square IMPLEMENTS the Interface
// d.Drawable. Methods: area in Shape, Square and Tile; draw in Drawable and
// Square; the overloads scale(int) in Shape and Square and scale(int,int)
// in Square. Calls: d.outer -> d.measure -> d.Shape.area and
// d.Shape.scale(int); d.Square.area -> d.helper; d.render -> d.Drawable.draw;
// d.both -> d.Shape.area and d.Square.area; d.Shape.twice -> d.Shape.twice
// (recursion through the base) and d.Square.twice -> d.Shape.twice (a super
// call).
struct DispatchFixture {
  BuiltGraph graph;
  const GraphStore& store() const { return graph.store; }
  std::string qn(NodeId node) const { return store().qualified_name(node); }
};

DispatchFixture make_dispatch_fixture() {
  GraphBuilder b;
  std::map<std::string, BuildId> built;
  const auto add = [&](Label label, const std::string& qn, const std::string& name) {
    auto node = b.add_node(label, qn, name);
    REQUIRE(node.ok());
    built[qn] = *node;
  };
  add(Label::Module, "d", "d");
  for (const char* type : {"d.Shape", "d.Square", "d.Tile", "d.Circle"}) add(Label::Class, type, type + 2);
  add(Label::Interface, "d.Drawable", "Drawable");
  for (const char* f : {"d.outer", "d.measure", "d.helper", "d.render", "d.both"}) add(Label::Function, f, f + 2);
  const auto method = [&](const std::string& owner, const std::string& member, const std::string& name) {
    add(Label::Method, owner + "." + member, name);
    b.add_edge(RelType::Defines, built.at(owner), built.at(owner + "." + member));
  };
  method("d.Shape", "area", "area");
  method("d.Shape", "scale(int)", "scale");
  method("d.Shape", "twice", "twice");
  method("d.Square", "area", "area");
  method("d.Square", "scale(int)", "scale");
  method("d.Square", "scale(int,int)", "scale");
  method("d.Square", "draw", "draw");
  method("d.Square", "twice", "twice");
  method("d.Tile", "area", "area");
  method("d.Drawable", "draw", "draw");
  b.add_edge(RelType::Inherits, built.at("d.Square"), built.at("d.Shape"));
  b.add_edge(RelType::Inherits, built.at("d.Tile"), built.at("d.Square"));
  b.add_edge(RelType::Inherits, built.at("d.Circle"), built.at("d.Shape"));
  b.add_edge(RelType::Implements, built.at("d.Square"), built.at("d.Drawable"));
  const auto call = [&](const std::string& from, const std::string& to, std::string_view type) {
    const std::uint32_t edge = b.add_edge(RelType::Calls, built.at(from), built.at(to));
    b.set_edge_string(RelType::Calls, edge, 0, type);
    b.set_edge_int(RelType::Calls, edge, 1, 1);
  };
  call("d.outer", "d.measure", "direct");
  call("d.measure", "d.Shape.area", "method");
  call("d.measure", "d.Shape.scale(int)", "method");
  call("d.Square.area", "d.helper", "direct");
  call("d.render", "d.Drawable.draw", "method");
  call("d.both", "d.Shape.area", "method");
  call("d.both", "d.Square.area", "method");
  call("d.Shape.twice", "d.Shape.twice", "method");
  call("d.Square.twice", "d.Shape.twice", "method");
  auto result = std::move(b).build();
  REQUIRE(result.ok());
  return DispatchFixture{std::move(result).value()};
}

// "depth name", and " through method" for a node reached by dispatch.
Rows rows(const DispatchFixture& f, const std::vector<NodeAtDepth>& nodes) {
  Rows out;
  for (const NodeAtDepth& n : nodes) {
    out.push_back(std::to_string(n.depth) + " " + f.qn(n.node) +
                  (n.through == kNoNode ? "" : " through " + f.qn(n.through)));
  }
  return out;
}

Rows chain(const DispatchFixture& f, const std::vector<NodeId>& nodes) {
  Rows out;
  for (const NodeId n : nodes) out.push_back(f.qn(n));
  return out;
}

Rows edges(const DispatchFixture& f, const CallGraphResult& r) {
  Rows out;
  for (const CallGraphEdge& e : r.edges) {
    out.push_back(f.qn(e.from) + ">" + f.qn(e.to) + ":" + std::string(to_string(e.call_type)) +
                  (e.through == kNoNode ? "" : " through " + f.qn(e.through)));
  }
  return out;
}

}  // namespace

TEST_CASE("callees without dispatch list only the methods the CALLS edges name") {
  const DispatchFixture f = make_dispatch_fixture();
  TraversalScratch scratch;
  auto r = query_callees(f.store(), {.function_name = "d.measure", .max_depth = 2}, scratch);
  REQUIRE(r.ok());
  CHECK(rows(f, r->nodes) == Rows{"1 d.Shape.area", "1 d.Shape.scale(int)"});
  CHECK(r->count.total_count == 2);
}

TEST_CASE("callees with dispatch add the overrides, transitively, after the callees of their depth") {
  const DispatchFixture f = make_dispatch_fixture();
  TraversalScratch scratch;
  auto r = query_callees(f.store(), {.function_name = "d.measure", .max_depth = 1, .dispatch = true}, scratch);
  REQUIRE(r.ok());
  // Tile.area overrides Square.area, which overrides Shape.area; only the
  // overload of the same signature overrides scale(int); Circle has none.
  CHECK(rows(f, r->nodes) == Rows{"1 d.Shape.area", "1 d.Shape.scale(int)", "1 d.Square.area through d.Shape.area",
                                  "1 d.Tile.area through d.Shape.area",
                                  "1 d.Square.scale(int) through d.Shape.scale(int)"});
  CHECK(r->count.total_count == 5);
  CHECK_FALSE(r->count.truncated);
  CHECK_FALSE(r->has_chains);
}

TEST_CASE("callees with dispatch go on from the overrides, their chains running through the called method") {
  const DispatchFixture f = make_dispatch_fixture();
  TraversalScratch scratch;
  auto r = query_callees(f.store(), {.function_name = "d.outer", .max_depth = 3, .dispatch = true}, scratch);
  REQUIRE(r.ok());
  CHECK(rows(f, r->nodes) == Rows{"1 d.measure", "2 d.Shape.area", "2 d.Shape.scale(int)",
                                  "2 d.Square.area through d.Shape.area", "2 d.Tile.area through d.Shape.area",
                                  "2 d.Square.scale(int) through d.Shape.scale(int)", "3 d.helper"});
  REQUIRE(r->call_chains.size() == 7);
  CHECK(chain(f, r->call_chains.front()) == Rows{"d.outer", "d.measure", "d.Shape.area", "d.Square.area", "d.helper"});
  CHECK(chain(f, r->call_chains[1]) == Rows{"d.outer", "d.measure", "d.Shape.area"});
  CHECK(chain(f, r->call_chains[3]) == Rows{"d.outer", "d.measure", "d.Shape.area", "d.Square.area"});
  // Without dispatch the walk ends at the base's method.
  auto direct = query_callees(f.store(), {.function_name = "d.outer", .max_depth = 3}, scratch);
  REQUIRE(direct.ok());
  CHECK(rows(f, direct->nodes) == Rows{"1 d.measure", "2 d.Shape.area", "2 d.Shape.scale(int)"});
}

TEST_CASE("callees with dispatch: implementers of an interface method; a method called directly stays direct") {
  const DispatchFixture f = make_dispatch_fixture();
  TraversalScratch scratch;
  auto render = query_callees(f.store(), {.function_name = "d.render", .dispatch = true}, scratch);
  REQUIRE(render.ok());
  CHECK(rows(f, render->nodes) == Rows{"1 d.Drawable.draw", "1 d.Square.draw through d.Drawable.draw"});
  auto both = query_callees(f.store(), {.function_name = "d.both", .dispatch = true}, scratch);
  REQUIRE(both.ok());
  CHECK(rows(f, both->nodes) == Rows{"1 d.Shape.area", "1 d.Square.area", "1 d.Tile.area through d.Shape.area"});
  // A method calling itself through the base may run its overrides.
  auto twice = query_callees(f.store(), {.function_name = "d.Shape.twice", .dispatch = true}, scratch);
  REQUIRE(twice.ok());
  CHECK(rows(f, twice->nodes) == Rows{"1 d.Square.twice through d.Shape.twice"});
  // An override calling the method it overrides (super) is not its own callee.
  auto super_call = query_callees(f.store(), {.function_name = "d.Square.twice", .dispatch = true}, scratch);
  REQUIRE(super_call.ok());
  CHECK(rows(f, super_call->nodes) == Rows{"1 d.Shape.twice"});
}

TEST_CASE("callees with dispatch count the overrides the cap leaves out") {
  const DispatchFixture f = make_dispatch_fixture();
  TraversalScratch scratch;
  const CallReach reach = reach_over_calls(f.store(), f.store().find(Label::Function, "d.measure").value(),
                                           CallDirection::Callees, 1, 3, scratch, true);
  CHECK(reach.nodes.size() == 3);
  CHECK(reach.total_count == 5);
  CHECK(reach.truncated);
}

TEST_CASE("call graph with dispatch adds the overrides and an edge from each caller of the overridden method") {
  const DispatchFixture f = make_dispatch_fixture();
  TraversalScratch scratch;
  auto r = query_call_graph(f.store(), {.entry_point = "d.outer", .max_depth = 3, .max_nodes = 100, .dispatch = true},
                            scratch);
  REQUIRE(r.ok());
  CHECK(rows(f, r->nodes) == Rows{"0 d.outer", "1 d.measure", "2 d.Shape.area", "2 d.Shape.scale(int)",
                                  "2 d.Square.area through d.Shape.area", "2 d.Tile.area through d.Shape.area",
                                  "2 d.Square.scale(int) through d.Shape.scale(int)", "3 d.helper"});
  CHECK(edges(f, *r) == Rows{"d.outer>d.measure:direct", "d.measure>d.Shape.area:method",
                             "d.measure>d.Shape.scale(int):method",
                             "d.measure>d.Square.area:method through d.Shape.area",
                             "d.measure>d.Tile.area:method through d.Shape.area",
                             "d.measure>d.Square.scale(int):method through d.Shape.scale(int)",
                             "d.Square.area>d.helper:direct"});
  CHECK(r->total_nodes == 8);
  CHECK_FALSE(r->truncated);
  CHECK(r->cycles.empty());

  auto plain = query_call_graph(f.store(), {.entry_point = "d.outer", .max_depth = 3, .max_nodes = 100}, scratch);
  REQUIRE(plain.ok());
  CHECK(rows(f, plain->nodes) == Rows{"0 d.outer", "1 d.measure", "2 d.Shape.area", "2 d.Shape.scale(int)"});
  CHECK(edges(f, *plain) ==
        Rows{"d.outer>d.measure:direct", "d.measure>d.Shape.area:method", "d.measure>d.Shape.scale(int):method"});
}

TEST_CASE("call graph with dispatch: no dispatch edge where a direct one is, only edges between listed nodes") {
  const DispatchFixture f = make_dispatch_fixture();
  TraversalScratch scratch;
  auto both = query_call_graph(f.store(), {.entry_point = "d.both", .max_depth = 1, .max_nodes = 100, .dispatch = true},
                               scratch);
  REQUIRE(both.ok());
  CHECK(edges(f, *both) == Rows{"d.both>d.Shape.area:method", "d.both>d.Square.area:method",
                                "d.both>d.Tile.area:method through d.Shape.area"});
  auto cut = query_call_graph(f.store(), {.entry_point = "d.outer", .max_depth = 3, .max_nodes = 5, .dispatch = true},
                              scratch);
  REQUIRE(cut.ok());
  CHECK(rows(f, cut->nodes) == Rows{"0 d.outer", "1 d.measure", "2 d.Shape.area", "2 d.Shape.scale(int)",
                                    "2 d.Square.area through d.Shape.area"});
  CHECK(edges(f, *cut) == Rows{"d.outer>d.measure:direct", "d.measure>d.Shape.area:method",
                               "d.measure>d.Shape.scale(int):method",
                               "d.measure>d.Square.area:method through d.Shape.area"});
  CHECK(cut->truncated);
  CHECK(cut->total_nodes == 8);
  // Recursion through the base: the override is reached from the method
  // itself; its super call is a CALLS edge back, with no dispatch edge to
  // itself (no recursion made up).
  auto twice = query_call_graph(
      f.store(), {.entry_point = "d.Shape.twice", .max_depth = 2, .max_nodes = 100, .dispatch = true}, scratch);
  REQUIRE(twice.ok());
  CHECK(rows(f, twice->nodes) == Rows{"0 d.Shape.twice", "1 d.Square.twice through d.Shape.twice"});
  CHECK(edges(f, *twice) == Rows{"d.Shape.twice>d.Shape.twice:method",
                                 "d.Shape.twice>d.Square.twice:method through d.Shape.twice",
                                 "d.Square.twice>d.Shape.twice:method"});
  REQUIRE(twice->cycles.size() == 2);
}
