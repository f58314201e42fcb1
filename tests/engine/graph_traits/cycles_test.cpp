#include "trellis/graph_traits/cycles.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/graph_traits/reference_algorithms.hpp"
#include "engine/graph_traits/test_graphs.hpp"

using namespace trellis;
using namespace trellis::testing;

namespace {

using Cycles = std::vector<std::vector<NodeId>>;

// Module ids follow insertion order, since every node here is a Module.
constexpr Label kModules[] = {Label::Module, Label::Module, Label::Module, Label::Module,
                              Label::Module, Label::Module, Label::Module, Label::Module};

}  // namespace

TEST_CASE("find_cycles lists each cycle sorted by id, self loops included, smallest first") {
  constexpr std::pair<BuildId, BuildId> kImports[] = {
      {5, 2}, {2, 4}, {4, 5},  // a cycle given out of id order
      {3, 3},                  // a self loop
      {0, 1}, {1, 6}, {0, 6},  // no cycle
      {6, 2},                  // leads into the cycle without joining it
      {4, 5},                  // a parallel edge inside the cycle
  };
  const TestGraph graph = build_graph(kModules, kImports, RelType::Imports);
  CHECK(find_cycles(graph.store, RelType::Imports) == Cycles{{2, 4, 5}, {3}});
}

TEST_CASE("find_cycles looks only at the relationship type it is asked about") {
  constexpr std::pair<BuildId, BuildId> kCallsLoop[] = {{0, 1}, {1, 0}};
  const TestGraph graph = build_graph(kModules, kCallsLoop, RelType::Calls);
  CHECK(find_cycles(graph.store, RelType::Calls) == Cycles{{0, 1}});
  CHECK(find_cycles(graph.store, RelType::Imports).empty());
}

TEST_CASE("find_cycles finds nothing in an acyclic graph or the empty store") {
  constexpr std::pair<BuildId, BuildId> kDiamond[] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {1, 3}};
  const TestGraph graph = build_graph(kModules, kDiamond, RelType::Inherits);
  CHECK(find_cycles(graph.store, RelType::Inherits).empty());
  CHECK(find_cycles(GraphStore{}, RelType::Calls).empty());
  for (std::uint32_t seed = 1; seed <= 3; ++seed) {
    const TestGraph dag = random_graph(seed, kRandomShapes[seed % kRandomShapes.size()], true);
    CHECK(find_cycles(dag.store, dag.type).empty());
  }
}

TEST_CASE("find_cycles matches the components Kosaraju finds on random graphs") {
  for (std::uint32_t seed = 11; seed <= 16; ++seed) {
    const TestGraph graph = random_graph(seed, kRandomShapes[seed % kRandomShapes.size()], false);
    const Cycles expected = reference_cycles(graph.store.node_count(), graph.edges);
    CHECK_FALSE(expected.empty());
    CHECK(find_cycles(graph.store, graph.type) == expected);
  }
}
