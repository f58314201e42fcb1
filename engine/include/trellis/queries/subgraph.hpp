// A neighbourhood of the graph for pictures (`trellis export --root NAME`):
// the nodes within `max_depth` steps of the roots over the chosen
// relationship types, breadth-first, at most `max_nodes` of them, and every
// edge of those types among them. A listed node whose neighbours were left
// out for the cap says how many (the picture's "+N more" marker).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/queries/traversal_scratch.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::queries {

enum class SubgraphDirection { Out, In, Both };

struct SubgraphRequest {
  std::vector<std::string> roots;  // names (qualified, unique suffix) or file paths
  SubgraphDirection direction = SubgraphDirection::Both;
  int max_depth = 2;               // 1..10 steps from the nearest root
  std::vector<RelType> types;      // empty: every type but CONTAINS
  std::size_t max_nodes = 200;     // 1..10000
};

struct SubgraphEdge {
  RelType type = RelType::Calls;
  NodeId source = kNoNode;
  NodeId target = kNoNode;
  EdgePos edge = 0;  // for edge_property()
};

struct OmittedNeighbours {
  NodeId node = kNoNode;  // a listed node
  std::size_t count = 0;  // its distinct neighbours within the depth that the cap left out
};

struct Subgraph {
  std::vector<NodeId> nodes;         // the roots, then breadth-first
  std::vector<SubgraphEdge> edges;   // by type in schema order, then by the source's place in nodes
  std::vector<OmittedNeighbours> omitted;  // in the order of nodes
  std::size_t omitted_total = 0;     // distinct nodes within the depth left out
};

// NODE_NOT_FOUND / AMBIGUOUS_NAME for a root that names no single node;
// INVALID_ARGUMENT for an empty list of roots or a bound out of range.
Result<Subgraph> select_subgraph(const GraphStore& store, const SubgraphRequest& request, TraversalScratch& scratch);

}  // namespace trellis::queries
