#include <doctest/doctest.h>

#include <map>
#include <string>

#include "trellis/queries/call_reach.hpp"
#include "trellis/store/graph_builder.hpp"

using namespace trellis;
using namespace trellis::queries;

namespace {

// a -> b -> c -> d, e -> c, c -> c (recursion), d -> b (cycle), f isolated.
struct CallGraph {
  BuiltGraph graph;
  std::map<std::string, NodeId> id;
};

CallGraph make_graph() {
  GraphBuilder b;
  std::map<std::string, BuildId> built;
  for (const char* name : {"a", "b", "c", "d", "e", "f"}) {
    auto node = b.add_node(Label::Function, std::string("m.") + name, name);
    REQUIRE(node.ok());
    built[name] = *node;
  }
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"a", "b"}, {"b", "c"}, {"c", "d"}, {"e", "c"}, {"c", "c"}, {"d", "b"}, {"a", "b"}}) {
    b.add_edge(RelType::Calls, built[from], built[to]);
  }
  auto result = std::move(b).build();
  REQUIRE(result.ok());
  CallGraph g{std::move(result).value(), {}};
  for (const auto& [name, build_id] : built) g.id[name] = g.graph.node_ids[build_id];
  return g;
}

std::map<std::string, int> depths(const CallGraph& g, const CallReach& reach) {
  std::map<std::string, int> out;
  for (const ReachedNode& r : reach.nodes) out[std::string(g.graph.store.name(r.node))] = r.depth;
  return out;
}

}  // namespace

TEST_CASE("callers by depth: each node once at its shortest distance, the start never listed") {
  const CallGraph g = make_graph();
  TraversalScratch scratch;
  const CallReach one = reach_over_calls(g.graph.store, g.id.at("c"), CallDirection::Callers, 1, 100, scratch);
  CHECK(depths(g, one) == std::map<std::string, int>{{"b", 1}, {"e", 1}});
  const CallReach three = reach_over_calls(g.graph.store, g.id.at("c"), CallDirection::Callers, 3, 100, scratch);
  CHECK(depths(g, three) == std::map<std::string, int>{{"a", 2}, {"b", 1}, {"d", 2}, {"e", 1}});
  CHECK(three.total_count == 4);
  CHECK_FALSE(three.truncated);
}

TEST_CASE("callees follow cycles once and stop at max_depth") {
  const CallGraph g = make_graph();
  TraversalScratch scratch;
  const CallReach reach = reach_over_calls(g.graph.store, g.id.at("a"), CallDirection::Callees, 5, 100, scratch);
  CHECK(depths(g, reach) == std::map<std::string, int>{{"b", 1}, {"c", 2}, {"d", 3}});
  const CallReach none = reach_over_calls(g.graph.store, g.id.at("f"), CallDirection::Callees, 5, 100, scratch);
  CHECK(none.nodes.empty());
  CHECK(none.total_count == 0);
}

TEST_CASE("max_results truncates but total_count counts everything reached") {
  const CallGraph g = make_graph();
  TraversalScratch scratch;
  const CallReach reach = reach_over_calls(g.graph.store, g.id.at("c"), CallDirection::Callers, 3, 2, scratch);
  CHECK(reach.nodes.size() == 2);
  CHECK(reach.total_count == 4);
  CHECK(reach.truncated);
  CHECK(reach.nodes[0].depth == 1);  // nearest first
}

TEST_CASE("call chains run from the farthest caller to the target, or from the start to the callee") {
  const CallGraph g = make_graph();
  TraversalScratch scratch;
  reach_over_calls(g.graph.store, g.id.at("c"), CallDirection::Callers, 3, 100, scratch);
  CHECK(call_chain(scratch, g.id.at("c"), g.id.at("a"), CallDirection::Callers) ==
        std::vector<NodeId>{g.id.at("a"), g.id.at("b"), g.id.at("c")});
  reach_over_calls(g.graph.store, g.id.at("a"), CallDirection::Callees, 3, 100, scratch);
  CHECK(call_chain(scratch, g.id.at("a"), g.id.at("d"), CallDirection::Callees) ==
        std::vector<NodeId>{g.id.at("a"), g.id.at("b"), g.id.at("c"), g.id.at("d")});
}

TEST_CASE("scratch is reused across traversals and stores of different sizes") {
  const CallGraph g = make_graph();
  TraversalScratch scratch;
  for (int i = 0; i < 1000; ++i) {
    const CallReach reach = reach_over_calls(g.graph.store, g.id.at("a"), CallDirection::Callees, 2, 100, scratch);
    REQUIRE(reach.total_count == 2);
  }
  const auto empty = std::move(GraphBuilder{}).build();
  REQUIRE(empty.ok());
  scratch.begin(empty->store.node_count());
  CHECK(reach_over_calls(g.graph.store, g.id.at("e"), CallDirection::Callees, 1, 100, scratch).total_count == 1);
}
