// query_importers: the modules that import a module, package or external
// package (IMPORTS followed backwards), breadth-first with their depth.
#include <algorithm>

#include "trellis/queries/context_queries.hpp"
#include "trellis/queries/name_lookup.hpp"

namespace trellis::queries {

Result<ImportersResult> query_importers(const GraphStore& store, const ImportersRequest& request,
                                        TraversalScratch& scratch) {
  auto target = lookup_module_or_file(store, request.target, kImportTargetName);
  if (!target) return std::move(target).take_error();
  ImportersResult result;
  result.target = *target;
  scratch.begin(store.node_count());
  scratch.mark(result.target);
  std::vector<NodeId> frontier{result.target};
  std::vector<NodeId> next;
  for (int depth = 1; !frontier.empty(); ++depth) {
    next.clear();
    for (const NodeId node : frontier) {
      for (const NodeId importer : store.in(RelType::Imports, node)) {
        if (scratch.mark(importer)) next.push_back(importer);
      }
    }
    std::sort(next.begin(), next.end());
    for (const NodeId importer : next) {
      if (result.importers.size() < kMaxResults) result.importers.push_back({importer, depth});
    }
    result.count.total_count += next.size();
    if (!request.transitive) break;
    std::swap(frontier, next);
  }
  result.count.truncated = result.count.total_count > result.importers.size();
  return result;
}

}  // namespace trellis::queries
