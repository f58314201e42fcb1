// query_hierarchy: the bases of a class (INHERITS and IMPLEMENTS forward)
// and its subclasses and implementers (the same edges backwards), the
// breadth-first tree of each, and the inheritance loops among them.
#include <algorithm>

#include "inheritance_reach.hpp"
#include "paging.hpp"
#include "trellis/queries/local_cycles.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "trellis/queries/structural_queries.hpp"

namespace trellis::queries {
namespace {

// Lists the reached nodes of the page and their tree edges.
void keep(const std::vector<ReachedNode>& reached, InheritanceDirection direction, std::vector<NodeAtDepth>& listed,
          std::vector<std::pair<NodeId, NodeId>>& tree) {
  listed.reserve(reached.size());
  tree.reserve(reached.size());
  for (const ReachedNode& r : reached) {
    listed.push_back({r.node, r.depth});
    // Parent side first: the base above the class it was reached from.
    tree.push_back(direction == InheritanceDirection::Bases ? std::pair{r.node, r.via}
                                                            : std::pair{r.via, r.node});
  }
}

}  // namespace

Result<HierarchyResult> query_hierarchy(const GraphStore& store, const HierarchyRequest& request,
                                        TraversalScratch& scratch) {
  auto target = lookup_node(store, request.class_name, kClassName);
  if (!target) return std::move(target).take_error();

  HierarchyResult result;
  result.target = *target;
  std::vector<ReachedNode> up;
  std::vector<ReachedNode> down;
  if (request.direction != HierarchyDirection::Down) {
    up = reach_over_inheritance(store, result.target, InheritanceDirection::Bases,
                                request.max_depth, scratch);
  }
  if (request.direction != HierarchyDirection::Up) {
    down = reach_over_inheritance(store, result.target, InheritanceDirection::Derived,
                                  request.max_depth, scratch);
  }

  // Loops among everything reached (listed or cut) and the target.
  std::vector<NodeId> members;
  members.reserve(1 + up.size() + down.size());
  members.push_back(result.target);
  for (const ReachedNode& r : up) members.push_back(r.node);
  for (const ReachedNode& r : down) members.push_back(r.node);
  std::sort(members.begin(), members.end());
  members.erase(std::unique(members.begin(), members.end()), members.end());
  // Inheritance loops: INHERITS and IMPLEMENTS edges among them (derived -> base).
  std::vector<std::pair<NodeId, NodeId>> edges;
  for (const NodeId node : members) {
    for (const RelType type : {RelType::Inherits, RelType::Implements}) {
      for (const NodeId base : store.out(type, node)) {
        if (std::binary_search(members.begin(), members.end(), base)) edges.emplace_back(node, base);
      }
    }
  }
  result.cycles = local_cycles(members, edges);

  // One page over both lists: ancestors first, then descendants.
  const std::size_t total = up.size() + down.size();
  keep_page(up, down, request.offset);
  keep(up, InheritanceDirection::Bases, result.ancestors, result.up_tree);
  keep(down, InheritanceDirection::Derived, result.descendants, result.down_tree);
  result.count = page_count(total, request.offset, result.ancestors.size() + result.descendants.size());
  return result;
}

}  // namespace trellis::queries
