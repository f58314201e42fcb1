#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

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

namespace {

// Breadth-first search the plain way, for comparison: the depth of every
// node within max_depth steps, following `edges` (from, to) forwards.
std::map<NodeId, int> reference_depths(const std::vector<std::pair<NodeId, NodeId>>& edges, NodeId start,
                                       int max_depth) {
  std::map<NodeId, int> depth{{start, 0}};
  std::vector<NodeId> frontier{start};
  for (int d = 1; d <= max_depth; ++d) {
    std::vector<NodeId> next;
    for (NodeId node : frontier) {
      for (const auto& [from, to] : edges) {
        if (from == node && depth.emplace(to, d).second) next.push_back(to);
      }
    }
    frontier = std::move(next);
  }
  depth.erase(start);
  return depth;
}

}  // namespace

TEST_CASE("on random graphs, one scratch reused: the same nodes and depths as a plain BFS") {
  std::mt19937 random(7);
  TraversalScratch scratch;
  for (int graph = 0; graph < 20; ++graph) {
    const std::size_t node_count = 20 + static_cast<std::size_t>(graph) * 7;
    GraphBuilder b;
    std::vector<BuildId> built;
    for (std::size_t i = 0; i < node_count; ++i) {
      auto node = b.add_node(Label::Function, "m.f" + std::to_string(i), "f" + std::to_string(i));
      REQUIRE(node.ok());
      built.push_back(*node);
    }
    // Sparse, with some nodes left without callers or callees (empty rows),
    // recursion and parallel edges.
    std::vector<std::pair<std::size_t, std::size_t>> drawn;
    std::uniform_int_distribution<std::size_t> pick(0, node_count - 1);
    for (std::size_t e = 0; e < node_count * 2; ++e) drawn.emplace_back(pick(random) / 2, pick(random));
    for (const auto& [from, to] : drawn) b.add_edge(RelType::Calls, built[from], built[to]);
    auto result = std::move(b).build();
    REQUIRE(result.ok());
    const BuiltGraph g = std::move(result).value();
    std::vector<std::pair<NodeId, NodeId>> forward;
    std::vector<std::pair<NodeId, NodeId>> backward;
    for (const auto& [from, to] : drawn) {
      forward.emplace_back(g.node_ids[built[from]], g.node_ids[built[to]]);
      backward.emplace_back(g.node_ids[built[to]], g.node_ids[built[from]]);
    }
    for (std::size_t start = 0; start < node_count; start += 3) {
      const NodeId start_id = g.node_ids[built[start]];
      for (const CallDirection direction : {CallDirection::Callers, CallDirection::Callees}) {
        const int max_depth = 1 + static_cast<int>(start % 5);
        const auto expected =
            reference_depths(direction == CallDirection::Callees ? forward : backward, start_id, max_depth);
        CAPTURE(graph);
        CAPTURE(start);
        const CallReach all = reach_over_calls(g.store, start_id, direction, max_depth, 1000, scratch);
        std::map<NodeId, int> found;
        for (const ReachedNode& r : all.nodes) {
          CHECK(found.emplace(r.node, r.depth).second);
          // The parent is one step nearer and linked by an edge.
          const auto& edges = direction == CallDirection::Callees ? forward : backward;
          CHECK(std::find(edges.begin(), edges.end(), std::pair{r.via, r.node}) != edges.end());
          CHECK((r.depth == 1 ? r.via == start_id : found.at(r.via) == r.depth - 1));
        }
        CHECK(found == expected);
        CHECK(all.total_count == expected.size());
        CHECK_FALSE(all.truncated);
        // Cut to 3: the first three in breadth-first order, the count whole.
        const CallReach cut = reach_over_calls(g.store, start_id, direction, max_depth, 3, scratch);
        CHECK(cut.total_count == expected.size());
        CHECK(cut.truncated == (expected.size() > 3));
        REQUIRE(cut.nodes.size() == std::min<std::size_t>(3, expected.size()));
        for (std::size_t i = 0; i < cut.nodes.size(); ++i) CHECK(cut.nodes[i].node == all.nodes[i].node);
      }
    }
  }
}
