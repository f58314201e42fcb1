// query_implementations: the classes and interfaces that inherit from or
// implement a type (INHERITS and IMPLEMENTS followed backwards), directly or,
// with include_indirect, at any inheritance distance.
#include <algorithm>

#include "inheritance_reach.hpp"
#include "paging.hpp"
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
  std::vector<ReachedNode> reached = reach_over_inheritance(
      store, result.target, InheritanceDirection::Derived, max_depth, scratch);
  const std::size_t total = reached.size();
  keep_page(reached, request.offset);
  result.implementations.reserve(reached.size());
  for (const ReachedNode& n : reached) result.implementations.push_back({n.node, n.depth});
  result.count = page_count(total, request.offset, reached.size());
  return result;
}

}  // namespace trellis::queries
