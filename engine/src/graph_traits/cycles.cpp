#include "trellis/graph_traits/cycles.hpp"

#include <algorithm>
#include <boost/graph/strong_components.hpp>
#include <boost/property_map/property_map.hpp>
#include <cstdint>
#include <limits>
#include <vector>

#include "trellis/graph_traits/boost_adapter.hpp"

namespace trellis {
namespace {

constexpr std::uint32_t kNotACycle = std::numeric_limits<std::uint32_t>::max();

bool has_self_loop(const GraphStore& store, RelType type, NodeId node) {
  const auto out = store.out(type, node);
  return std::binary_search(out.begin(), out.end(), node);
}

}  // namespace

std::vector<std::vector<NodeId>> find_cycles(const GraphStore& store, RelType type) {
  const RelationshipGraph graph(store, type);
  const std::size_t node_count = num_vertices(graph);
  std::vector<std::uint32_t> component(node_count);
  const std::size_t component_count = boost::strong_components(
      graph, boost::make_iterator_property_map(component.begin(), get(boost::vertex_index, graph)));

  std::vector<std::uint32_t> size(component_count, 0);
  for (const std::uint32_t c : component) ++size[c];

  // Visiting nodes in id order numbers the cycles by their smallest id and
  // appends each cycle's members already sorted.
  std::vector<std::uint32_t> cycle_of(component_count, kNotACycle);
  std::vector<std::vector<NodeId>> cycles;
  for (NodeId node = 0; node < node_count; ++node) {
    const std::uint32_t c = component[node];
    if (cycle_of[c] == kNotACycle) {
      if (size[c] == 1 && !has_self_loop(store, type, node)) continue;
      cycle_of[c] = static_cast<std::uint32_t>(cycles.size());
      cycles.emplace_back();
      cycles.back().reserve(size[c]);
    }
    cycles[cycle_of[c]].push_back(node);
  }
  return cycles;
}

}  // namespace trellis
