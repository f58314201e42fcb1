#include "trellis/formats/module_clusters.hpp"

#include <unordered_map>

#include "trellis/queries/context_queries.hpp"

namespace trellis::formats {

std::vector<ModuleCluster> module_clusters(const GraphStore& store, const std::vector<NodeId>& nodes) {
  std::vector<ModuleCluster> clusters;
  std::unordered_map<NodeId, std::size_t> by_module;
  ModuleCluster outside;
  for (const NodeId node : nodes) {
    const NodeId module = queries::module_of(store, node);
    if (module == kNoNode) {
      outside.nodes.push_back(node);
      continue;
    }
    const auto [it, added] = by_module.emplace(module, clusters.size());
    if (added) clusters.push_back({module, {}});
    clusters[it->second].nodes.push_back(node);
  }
  if (!outside.nodes.empty()) clusters.push_back(std::move(outside));
  return clusters;
}

}  // namespace trellis::formats
