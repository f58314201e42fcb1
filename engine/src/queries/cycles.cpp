#include <algorithm>

#include "paging.hpp"
#include "trellis/graph_traits/cycles.hpp"
#include "trellis/queries/structural_queries.hpp"

namespace trellis::queries {

Result<CyclesResult> query_cycles(const GraphStore& store, const CyclesRequest& request, TraversalScratch&) {
  CyclesResult result;
  result.type = request.type;
  result.cycles = find_cycles(store, request.type);
  std::stable_sort(result.cycles.begin(), result.cycles.end(),
                   [](const auto& a, const auto& b) { return a.size() > b.size(); });
  const std::size_t total = result.cycles.size();
  keep_page(result.cycles, request.offset);
  result.count = page_count(total, request.offset, result.cycles.size());
  return result;
}

}  // namespace trellis::queries
