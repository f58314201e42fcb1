// Stores for the graph_traits tests: hand-made ones from a node and edge
// list, and seeded random ones. Each comes with its edges in final node
// ids, for the reference algorithms to run on.
#pragma once

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "trellis/store/graph_builder.hpp"

namespace trellis::testing {

using EdgeList = std::vector<std::pair<NodeId, NodeId>>;

struct TestGraph {
  GraphStore store;
  RelType type = RelType::Calls;
  std::vector<NodeId> ids;  // ids[builder id] = final NodeId
  EdgeList edges;           // the type's edges in final ids, in input order
};

// One node per entry of `labels` (builder id = index), then `edges` of
// `type` between builder ids. A CALLS edge gets line = 1 + its input
// index, so a test can tell parallel edges apart.
inline TestGraph build_graph(std::span<const Label> labels,
                             std::span<const std::pair<BuildId, BuildId>> edges,
                             RelType type = RelType::Calls) {
  GraphBuilder builder;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const std::string name = fmt::format("n{}", i);
    REQUIRE(builder.add_node(labels[i], name, name).ok());
  }
  for (const auto& [source, target] : edges) {
    const std::uint32_t edge = builder.add_edge(type, source, target);
    if (type == RelType::Calls) {
      builder.set_edge_int(type, edge, *property_index(RelType::Calls, "line"),
                           static_cast<std::int32_t>(edge + 1));
    }
  }
  auto built = std::move(builder).build();
  REQUIRE(built.ok());
  TestGraph graph{std::move(built->store), type, std::move(built->node_ids), {}};
  for (const auto& [source, target] : edges) {
    graph.edges.emplace_back(graph.ids[source], graph.ids[target]);
  }
  return graph;
}

// Where a random graph's edges may start and end: a range of labels each,
// so the CSR offsets cover only part of the id range, as in real stores.
struct RandomShape {
  RelType type;
  Label sources_first, sources_last;
  Label targets_first, targets_last;
};

inline constexpr std::array<RandomShape, 3> kRandomShapes = {{
    // Calls among functions and methods, reaching the top of the id range.
    {RelType::Calls, Label::Function, Label::Method, Label::Class, Label::Method},
    // Imports from modules into modules and external packages.
    {RelType::Imports, Label::Module, Label::Module, Label::ExternalPackage, Label::Module},
    // Inheritance among interfaces and classes, touching neither end.
    {RelType::Inherits, Label::Interface, Label::Class, Label::Interface, Label::Class},
}};

// A seeded random graph of some 3000 nodes over all labels, added in label
// order (so builder ids are final ids), with about 0.7, 1.5 or 3 edges per
// node of the larger end range. Self loops and parallel edges are mixed
// in. With `acyclic`, every edge goes from a lower to a higher id and there
// are no self loops.
inline TestGraph random_graph(std::uint32_t seed, const RandomShape& shape, bool acyclic) {
  std::mt19937 rng(seed);
  auto below = [&rng](std::uint32_t bound) { return static_cast<std::uint32_t>(rng() % bound); };

  std::vector<Label> labels;
  std::array<NodeId, kLabelCount + 1> label_begin{};
  for (std::size_t l = 0; l < kLabelCount; ++l) {
    const std::uint32_t count = 250 + below(250);
    labels.insert(labels.end(), count, static_cast<Label>(l));
    label_begin[l + 1] = label_begin[l] + count;
  }
  auto pick = [&](Label first, Label last) {
    const NodeId begin = label_begin[index_of(first)];
    return begin + below(label_begin[index_of(last) + 1] - begin);
  };
  const std::uint32_t span = std::max(
      label_begin[index_of(shape.sources_last) + 1] - label_begin[index_of(shape.sources_first)],
      label_begin[index_of(shape.targets_last) + 1] - label_begin[index_of(shape.targets_first)]);
  constexpr std::array<std::uint32_t, 3> kTenthsPerNode = {7, 15, 30};
  // Not seed % 3: the callers pick the shape by that.
  const std::uint32_t tenths = kTenthsPerNode[seed / 3 % kTenthsPerNode.size()];
  const std::uint32_t edge_count = span * tenths / 10;

  std::vector<std::pair<BuildId, BuildId>> edges;
  while (edges.size() < edge_count) {
    const NodeId source = pick(shape.sources_first, shape.sources_last);
    const NodeId target = pick(shape.targets_first, shape.targets_last);
    if (acyclic && source >= target) continue;
    edges.emplace_back(source, target);
    if (below(20) == 0) edges.emplace_back(source, target);  // a parallel edge
    // Every shape's source labels lie inside its target labels.
    if (!acyclic && below(50) == 0) edges.emplace_back(source, source);  // a self loop
  }
  return build_graph(labels, edges, shape.type);
}

}  // namespace trellis::testing
