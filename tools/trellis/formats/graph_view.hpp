// What an export writes: the whole graph, or a subgraph (select_subgraph)
// with the "+N more" counts of its nodes whose neighbours were left out.
// Every format writes a view, so a picture of a neighbourhood and of the
// whole graph come from one writer per format.
#pragma once

#include <vector>

#include "trellis/queries/subgraph.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::formats {

struct GraphView {
  const GraphStore* store = nullptr;
  std::vector<NodeId> nodes;
  std::vector<queries::SubgraphEdge> edges;
  std::vector<queries::OmittedNeighbours> omitted;

  // Nodes in store order; edges by type, source and position (for_each_edge).
  static GraphView whole(const GraphStore& store);
  static GraphView of(const GraphStore& store, queries::Subgraph subgraph);
};

}  // namespace trellis::formats
