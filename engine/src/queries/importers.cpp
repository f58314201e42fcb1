// query_importers: the modules that import a module, package or external
// package (IMPORTS followed backwards), breadth-first with their depth.
#include <algorithm>

#include "paging.hpp"
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
  const std::size_t end = page_end(request.offset);
  std::vector<NodeId> frontier{result.target};
  std::vector<NodeId> next;
  for (int depth = 1; !frontier.empty(); ++depth) {
    next.clear();
    for (const NodeId node : frontier) {
      for (const NodeId importer : store.in(RelType::Imports, node)) {
        if (scratch.mark(importer)) next.push_back(importer);
      }
    }
    // Listed by id within a level; only the part of a level up to the
    // page's end is ordered (a whole-graph level is mostly only counted).
    const std::size_t room = end - result.importers.size();
    if (room > 0) {
      const auto kept = next.begin() + static_cast<std::ptrdiff_t>(std::min(room, next.size()));
      std::partial_sort(next.begin(), kept, next.end());
      for (auto it = next.begin(); it != kept; ++it) result.importers.push_back({*it, depth});
    }
    result.count.total_count += next.size();
    if (!request.transitive) break;
    std::swap(frontier, next);
  }
  keep_page(result.importers, request.offset);
  result.count = page_count(result.count.total_count, request.offset, result.importers.size());
  return result;
}

}  // namespace trellis::queries
