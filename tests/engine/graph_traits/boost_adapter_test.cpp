#include "trellis/graph_traits/boost_adapter.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <boost/concept/assert.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/exception.hpp>
#include <boost/graph/graph_concepts.hpp>
#include <boost/graph/strong_components.hpp>
#include <boost/graph/topological_sort.hpp>
#include <boost/property_map/property_map.hpp>
#include <cstdint>
#include <iterator>
#include <numeric>
#include <utility>
#include <vector>

#include "engine/graph_traits/reference_algorithms.hpp"
#include "engine/graph_traits/test_graphs.hpp"

using namespace trellis;
using namespace trellis::testing;

// The concepts BGL algorithms ask of a graph and its property maps.
BOOST_CONCEPT_ASSERT((boost::VertexListGraphConcept<RelationshipGraph>));
BOOST_CONCEPT_ASSERT((boost::IncidenceGraphConcept<RelationshipGraph>));
BOOST_CONCEPT_ASSERT((boost::BidirectionalGraphConcept<RelationshipGraph>));
BOOST_CONCEPT_ASSERT((boost::AdjacencyGraphConcept<RelationshipGraph>));
BOOST_CONCEPT_ASSERT(
    (boost::ReadablePropertyGraphConcept<RelationshipGraph, NodeId, boost::vertex_index_t>));
BOOST_CONCEPT_ASSERT(
    (boost::ReadablePropertyGraphConcept<RelationshipGraph, RelEdge, boost::edge_index_t>));
BOOST_CONCEPT_ASSERT((boost::ReadablePropertyMapConcept<EdgePropertyMap, RelEdge>));

namespace {

// A hand-made CALLS graph, its nodes added in mixed label order. Final ids:
// Project 0, Modules 1-2, Class 3, Functions 4-6, Methods 7-8.
enum HandNode : BuildId {
  kLoopA,       // Function: loop_a -> loop_b -> loop_c -> loop_a
  kModule,      // Module: calls loop_a
  kLoopC,       // Method
  kLoopB,       // Function: calls loop_c twice (parallel edges)
  kClass,       // Class: only called
  kProject,     // Project: no edges, below both CSR ranges
  kSelf,        // Function: calls itself and the class
  kMethod,      // Method: calls the class; above the reverse CSR range
  kIdleModule,  // Module: no edges, inside the forward CSR range
};
constexpr Label kHandLabels[] = {Label::Function, Label::Module, Label::Method,
                                 Label::Function, Label::Class,  Label::Project,
                                 Label::Function, Label::Method, Label::Module};
constexpr std::pair<BuildId, BuildId> kHandEdges[] = {
    {kLoopA, kLoopB}, {kLoopB, kLoopC},  {kLoopC, kLoopA},  {kLoopB, kLoopC},
    {kSelf, kSelf},   {kMethod, kClass}, {kModule, kLoopA}, {kSelf, kClass},
};

TestGraph hand_graph() {
  return build_graph(kHandLabels, kHandEdges);
}

// The hand graph without loop_c -> loop_a and the self loop.
TestGraph hand_dag() {
  std::vector<std::pair<BuildId, BuildId>> edges;
  std::copy_if(
      std::begin(kHandEdges), std::end(kHandEdges), std::back_inserter(edges),
      [](const auto& edge) {
        return edge != std::pair<BuildId, BuildId>{kLoopC, kLoopA} && edge.first != edge.second;
      });
  return build_graph(kHandLabels, edges);
}

// Seeded random graphs, cycling through the shapes.
std::vector<TestGraph> random_graphs(bool acyclic) {
  std::vector<TestGraph> graphs;
  for (std::uint32_t seed = 1; seed <= 6; ++seed) {
    graphs.push_back(random_graph(seed, kRandomShapes[seed % kRandomShapes.size()], acyclic));
  }
  return graphs;
}

RelationshipGraph forward_view(const TestGraph& graph) {
  return RelationshipGraph(graph.store, graph.type, EdgeDirection::Forward);
}
RelationshipGraph reverse_view(const TestGraph& graph) {
  return RelationshipGraph(graph.store, graph.type, EdgeDirection::Reverse);
}

std::vector<NodeId> targets_of(const RelationshipGraph& view, NodeId node) {
  std::vector<NodeId> targets;
  for (auto [it, end] = out_edges(node, view); it != end; ++it) {
    targets.push_back(target(*it, view));
  }
  return targets;
}

std::vector<RelEdge> sorted_out_edges(const RelationshipGraph& view) {
  std::vector<RelEdge> edges;
  for (auto [v, v_end] = vertices(view); v != v_end; ++v) {
    for (auto [e, e_end] = out_edges(*v, view); e != e_end; ++e) edges.push_back(*e);
  }
  std::sort(edges.begin(), edges.end());
  return edges;
}

std::vector<RelEdge> sorted_in_edges(const RelationshipGraph& view) {
  std::vector<RelEdge> edges;
  for (auto [v, v_end] = vertices(view); v != v_end; ++v) {
    for (auto [e, e_end] = in_edges(*v, view); e != e_end; ++e) edges.push_back(*e);
  }
  std::sort(edges.begin(), edges.end());
  return edges;
}

std::vector<std::uint32_t> boost_bfs(const RelationshipGraph& view, NodeId start) {
  std::vector<std::uint32_t> distance(num_vertices(view), kUnreached);
  distance[start] = 0;
  auto distance_map =
      boost::make_iterator_property_map(distance.begin(), get(boost::vertex_index, view));
  boost::breadth_first_search(view, start,
                              boost::visitor(boost::make_bfs_visitor(
                                  boost::record_distances(distance_map, boost::on_tree_edge()))));
  return distance;
}

std::vector<NodeId> boost_scc_representatives(const RelationshipGraph& view) {
  std::vector<std::uint32_t> component(num_vertices(view));
  boost::strong_components(
      view, boost::make_iterator_property_map(component.begin(), get(boost::vertex_index, view)));
  return representatives_of(component);
}

std::vector<NodeId> boost_topological_order(const RelationshipGraph& view) {
  std::vector<NodeId> reversed_order;
  boost::topological_sort(view, std::back_inserter(reversed_order));
  return {reversed_order.rbegin(), reversed_order.rend()};
}

EdgeList turned_around(const EdgeList& edges) {
  EdgeList turned;
  for (const auto& [source, target] : edges) turned.emplace_back(target, source);
  return turned;
}

}  // namespace

TEST_CASE("every store node is a vertex, whatever its label, and edges come from one type") {
  const TestGraph graph = hand_graph();
  const GraphStore& store = graph.store;
  auto id = [&graph](BuildId node) { return graph.ids[node]; };
  // The CSR ranges the test relies on: forward from the first Module,
  // reverse from the Class up to the last Function.
  REQUIRE(store.forward(RelType::Calls).base == id(kModule));
  REQUIRE(store.reverse(RelType::Calls).base == id(kClass));
  REQUIRE(id(kMethod) > id(kSelf));

  const RelationshipGraph calls(store, RelType::Calls);
  CHECK(num_vertices(calls) == 9);
  CHECK(num_edges(calls) == 8);
  std::vector<NodeId> listed;
  for (auto [v, end] = vertices(calls); v != end; ++v) listed.push_back(*v);
  std::vector<NodeId> all(9);
  std::iota(all.begin(), all.end(), NodeId{0});
  CHECK(listed == all);

  CHECK(degree(id(kProject), calls) == 0);
  CHECK(degree(id(kIdleModule), calls) == 0);
  CHECK(in_degree(id(kMethod), calls) == 0);
  CHECK(out_degree(id(kMethod), calls) == 1);
  CHECK(out_degree(id(kClass), calls) == 0);
  CHECK(in_degree(id(kClass), calls) == 2);

  const RelationshipGraph imports(store, RelType::Imports);
  CHECK(num_vertices(imports) == 9);
  CHECK(num_edges(imports) == 0);
  CHECK(out_degree(id(kLoopA), imports) == 0);
}

TEST_CASE("out_edges, in_edges and adjacent_vertices keep self loops and parallel edges") {
  const TestGraph graph = hand_graph();
  auto id = [&graph](BuildId node) { return graph.ids[node]; };
  const RelationshipGraph calls(graph.store, RelType::Calls);

  CHECK(targets_of(calls, id(kLoopB)) == std::vector<NodeId>{id(kLoopC), id(kLoopC)});
  const auto [adjacent, adjacent_end] = adjacent_vertices(id(kLoopB), calls);
  CHECK(std::vector<NodeId>(adjacent, adjacent_end) == std::vector<NodeId>{id(kLoopC), id(kLoopC)});

  const auto [out, out_end] = out_edges(id(kLoopB), calls);
  const std::vector<RelEdge> parallel(out, out_end);
  REQUIRE(parallel.size() == 2);
  CHECK(parallel[0].position + 1 == parallel[1].position);
  const auto [in, in_end] = in_edges(id(kLoopC), calls);
  CHECK(std::vector<RelEdge>(in, in_end) == parallel);

  // Lists are sorted by id: the Class comes before the Function.
  CHECK(targets_of(calls, id(kSelf)) == std::vector<NodeId>{id(kClass), id(kSelf)});
  const RelEdge self_loop = *std::next(out_edges(id(kSelf), calls).first);
  CHECK(self_loop.source == id(kSelf));
  CHECK(self_loop.target == id(kSelf));
  REQUIRE(in_degree(id(kSelf), calls) == 1);
  CHECK(*in_edges(id(kSelf), calls).first == self_loop);
  CHECK(degree(id(kSelf), calls) == 3);
}

TEST_CASE("in_edges yield exactly the edges out_edges yield, in both directions") {
  std::vector<TestGraph> graphs = random_graphs(false);
  graphs.push_back(hand_graph());
  for (const TestGraph& graph : graphs) {
    const std::size_t node_count = graph.store.node_count();
    for (const RelationshipGraph& view : {forward_view(graph), reverse_view(graph)}) {
      const bool reversed = view.direction() == EdgeDirection::Reverse;
      const Adjacency out = adjacency_of(node_count, graph.edges, reversed);
      const Adjacency in = adjacency_of(node_count, graph.edges, !reversed);
      for (NodeId node = 0; node < node_count; ++node) {
        CHECK(out_degree(node, view) == out[node].size());
        CHECK(in_degree(node, view) == in[node].size());
        CHECK(targets_of(view, node) == out[node]);
        for (auto [e, end] = in_edges(node, view); e != end; ++e) CHECK(target(*e, view) == node);
      }
      const std::vector<RelEdge> out_list = sorted_out_edges(view);
      CHECK(out_list == sorted_in_edges(view));
      // Positions number the edges 0 .. num_edges - 1.
      std::vector<std::uint32_t> positions;
      for (const RelEdge& edge : out_list) positions.push_back(get(boost::edge_index, view, edge));
      std::sort(positions.begin(), positions.end());
      std::vector<std::uint32_t> expected(num_edges(view));
      std::iota(expected.begin(), expected.end(), 0u);
      CHECK(positions == expected);
    }
  }
}

TEST_CASE("a reverse view holds the forward edges turned around, and maps them to their EdgePos") {
  std::vector<TestGraph> graphs = random_graphs(false);
  graphs.push_back(hand_graph());
  for (const TestGraph& graph : graphs) {
    const RelationshipGraph forward = forward_view(graph);
    const RelationshipGraph reverse = reverse_view(graph);
    std::vector<RelEdge> turned;
    for (const RelEdge& edge : sorted_out_edges(reverse)) {
      turned.push_back({edge.target, edge.source, edge_pos(reverse, edge)});
    }
    std::sort(turned.begin(), turned.end());
    CHECK(turned == sorted_out_edges(forward));
    for (const RelEdge& edge : sorted_out_edges(forward)) {
      CHECK(edge_pos(forward, edge) == edge.position);
    }
  }
}

TEST_CASE("the CALLS line map reads each edge's own line, parallel edges included") {
  std::vector<TestGraph> graphs{hand_graph(), random_graph(7, kRandomShapes[0], false)};
  const std::size_t line = *property_index(RelType::Calls, "line");
  for (const TestGraph& graph : graphs) {
    for (const RelationshipGraph& view : {forward_view(graph), reverse_view(graph)}) {
      const EdgePropertyMap lines(view, line);
      const bool reversed = view.direction() == EdgeDirection::Reverse;
      std::vector<bool> seen(graph.edges.size(), false);
      for (const RelEdge& edge : sorted_out_edges(view)) {
        // build_graph sets line = 1 + the edge's input index.
        const auto input = static_cast<std::size_t>(std::get<std::int64_t>(get(lines, edge)) - 1);
        REQUIRE(input < graph.edges.size());
        CHECK_FALSE(seen[input]);
        seen[input] = true;
        const auto [source, target] = graph.edges[input];
        CHECK(edge.source == (reversed ? target : source));
        CHECK(edge.target == (reversed ? source : target));
      }
      CHECK(std::count(seen.begin(), seen.end(), true) == static_cast<std::ptrdiff_t>(seen.size()));
    }
  }
}

TEST_CASE("breadth_first_search on the hand graph reaches callees forwards and callers backwards") {
  const TestGraph graph = hand_graph();
  auto id = [&graph](BuildId node) { return graph.ids[node]; };
  const std::vector<std::uint32_t> callees = boost_bfs(forward_view(graph), id(kLoopA));
  CHECK(callees[id(kLoopA)] == 0);
  CHECK(callees[id(kLoopB)] == 1);
  CHECK(callees[id(kLoopC)] == 2);
  CHECK(std::count(callees.begin(), callees.end(), kUnreached) == 6);

  const std::vector<std::uint32_t> callers = boost_bfs(reverse_view(graph), id(kLoopA));
  CHECK(callers[id(kLoopA)] == 0);
  CHECK(callers[id(kLoopC)] == 1);
  CHECK(callers[id(kModule)] == 1);
  CHECK(callers[id(kLoopB)] == 2);
  CHECK(std::count(callers.begin(), callers.end(), kUnreached) == 5);
}

TEST_CASE("breadth_first_search on the store matches a queue BFS in both directions") {
  std::vector<TestGraph> graphs = random_graphs(false);
  graphs.push_back(hand_graph());
  for (const TestGraph& graph : graphs) {
    const std::size_t node_count = graph.store.node_count();
    // Starts at both ends of the id range, at edge sources and targets.
    std::vector<NodeId> starts{0, static_cast<NodeId>(node_count - 1)};
    for (std::size_t i = 0; i < graph.edges.size(); i += graph.edges.size() / 4 + 1) {
      starts.push_back(graph.edges[i].first);
      starts.push_back(graph.edges[i].second);
    }
    for (const RelationshipGraph& view : {forward_view(graph), reverse_view(graph)}) {
      const Adjacency out =
          adjacency_of(node_count, graph.edges, view.direction() == EdgeDirection::Reverse);
      for (const NodeId start : starts) CHECK(boost_bfs(view, start) == queue_bfs(out, start));
    }
  }
}

TEST_CASE("strong_components on the store matches Kosaraju in both directions") {
  std::vector<TestGraph> graphs = random_graphs(false);
  graphs.push_back(hand_graph());
  for (const TestGraph& graph : graphs) {
    const std::vector<NodeId> expected =
        kosaraju_representatives(adjacency_of(graph.store.node_count(), graph.edges, false));
    CHECK(boost_scc_representatives(forward_view(graph)) == expected);
    CHECK(boost_scc_representatives(reverse_view(graph)) == expected);
  }
  const TestGraph hand = hand_graph();
  const std::vector<NodeId> components = boost_scc_representatives(forward_view(hand));
  CHECK(components[hand.ids[kLoopB]] == hand.ids[kLoopA]);
  CHECK(components[hand.ids[kLoopC]] == hand.ids[kLoopA]);
  CHECK(components[hand.ids[kSelf]] == hand.ids[kSelf]);
}

TEST_CASE("topological_sort orders an acyclic store so that every edge points forward") {
  std::vector<TestGraph> graphs = random_graphs(true);
  graphs.push_back(hand_dag());
  for (const TestGraph& graph : graphs) {
    const std::size_t node_count = graph.store.node_count();
    CHECK(is_topological_order(boost_topological_order(forward_view(graph)), node_count,
                               graph.edges));
    CHECK(is_topological_order(boost_topological_order(reverse_view(graph)), node_count,
                               turned_around(graph.edges)));
  }
}

TEST_CASE("topological_sort throws not_a_dag on a cycle or a lone self loop") {
  const TestGraph hand = hand_graph();
  CHECK_THROWS_AS(boost_topological_order(forward_view(hand)), boost::not_a_dag);
  CHECK_THROWS_AS(boost_topological_order(reverse_view(hand)), boost::not_a_dag);

  constexpr Label kLabels[] = {Label::Function, Label::Function};
  constexpr std::pair<BuildId, BuildId> kSelfLoop[] = {{1, 1}};
  const TestGraph self_loop = build_graph(kLabels, kSelfLoop);
  CHECK_THROWS_AS(boost_topological_order(forward_view(self_loop)), boost::not_a_dag);

  for (const TestGraph& graph : random_graphs(false)) {
    REQUIRE_FALSE(reference_cycles(graph.store.node_count(), graph.edges).empty());
    CHECK_THROWS_AS(boost_topological_order(forward_view(graph)), boost::not_a_dag);
  }
}

TEST_CASE("the empty store is a graph without vertices or edges") {
  const GraphStore empty;
  const RelationshipGraph calls(empty, RelType::Calls);
  CHECK(num_vertices(calls) == 0);
  CHECK(num_edges(calls) == 0);
  const auto [first, last] = vertices(calls);
  CHECK(first == last);
  CHECK(boost_scc_representatives(calls).empty());
  CHECK(boost_topological_order(calls).empty());
}
