// query_implementations: the classes and interfaces that inherit from or
// implement a type (INHERITS and IMPLEMENTS followed backwards), directly or,
// with include_indirect, at any inheritance distance.
#include <algorithm>

#include "inheritance_reach.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "trellis/queries/structural_queries.hpp"

namespace trellis::queries {

Result<ImplementationsResult> query_implementations(const GraphStore& store,
                                                    const ImplementationsRequest& request,
                                                    TraversalScratch& scratch) {
  auto target = lookup_node(store, request.interface_name, kClassName);
  if (!target) return std::move(target).take_error();

  ImplementationsResult result;
  result.target = *target;
  const int max_depth = request.include_indirect ? kUnlimitedDepth : 1;
  const std::vector<ReachedNode> reached = reach_over_inheritance(
      store, result.target, InheritanceDirection::Derived, max_depth, scratch);
  const std::size_t kept = std::min(kMaxResults, reached.size());
  result.implementations.reserve(kept);
  for (std::size_t i = 0; i < kept; ++i)
    result.implementations.push_back({reached[i].node, reached[i].depth});
  result.count.total_count = reached.size();
  result.count.truncated = kept < reached.size();
  return result;
}

}  // namespace trellis::queries
