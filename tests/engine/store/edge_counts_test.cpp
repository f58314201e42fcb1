#include <doctest/doctest.h>
#include <fmt/format.h>

#include <random>
#include <vector>

#include "trellis/store/graph_builder.hpp"

using namespace trellis;

namespace {

// Edges of `type` from `sources` to `targets`, one neighbour at a time.
std::size_t walked(const GraphStore& store, RelType type, NodeRange sources, NodeRange targets) {
  std::size_t count = 0;
  for (NodeId node = sources.begin; node < sources.end; ++node) {
    for (const NodeId other : store.out(type, node)) count += targets.contains(other) ? 1u : 0u;
  }
  return count;
}

}  // namespace

TEST_CASE("edge counts between label ranges and self loops equal walking the edges") {
  std::mt19937 rng(7);
  GraphBuilder builder;
  const Label labels[] = {Label::Module, Label::Class, Label::Function, Label::Method};
  std::vector<BuildId> ids;
  for (int i = 0; i < 400; ++i) {
    const std::string name = fmt::format("n{}", i);
    auto id = builder.add_node(labels[rng() % 4], "m." + name, name);
    REQUIRE(id.ok());
    ids.push_back(*id);
  }
  for (int e = 0; e < 1500; ++e) {
    const BuildId from = ids[rng() % ids.size()];
    const BuildId to = rng() % 7 == 0 ? from : ids[rng() % ids.size()];
    builder.add_edge(rng() % 3 == 0 ? RelType::Defines : RelType::Calls, from, to);
  }
  auto built = std::move(builder).build();
  REQUIRE(built.ok());
  const GraphStore& store = built->store;
  std::vector<NodeRange> ranges = {store.all_nodes(), {10, 11}, {0, 0}};
  for (const Label label : {Label::Project, Label::Interface, Label::Module, Label::Class,
                            Label::Function, Label::Method}) {
    ranges.push_back(store.nodes(label));
  }
  for (const RelType type : {RelType::Calls, RelType::Defines, RelType::Imports}) {
    for (const NodeRange sources : ranges) {
      for (const NodeRange targets : ranges) {
        CAPTURE(sources.begin);
        CAPTURE(sources.end);
        CAPTURE(targets.begin);
        CAPTURE(targets.end);
        CHECK(store.edge_count(type, sources, targets) == walked(store, type, sources, targets));
      }
      std::size_t loops = 0;
      for (NodeId node = sources.begin; node < sources.end; ++node)
        loops += walked(store, type, {node, node + 1}, {node, node + 1});
      CHECK(store.self_loop_count(type, sources) == loops);
    }
  }
  CHECK(store.edge_count(RelType::Calls, store.all_nodes(), store.all_nodes()) ==
        store.edge_count(RelType::Calls));
}
