// Nodes grouped by the module that defines them, for pictures: each
// cluster in the order its first node comes, its nodes in view order; nodes
// no module holds (the Project, packages, outside packages) come apart.
#pragma once

#include <vector>

#include "trellis/store/graph_store.hpp"

namespace trellis::formats {

struct ModuleCluster {
  NodeId module = kNoNode;  // kNoNode: the nodes outside every module
  std::vector<NodeId> nodes;
};

std::vector<ModuleCluster> module_clusters(const GraphStore& store, const std::vector<NodeId>& nodes);

}  // namespace trellis::formats
