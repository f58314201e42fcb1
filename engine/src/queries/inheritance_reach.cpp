#include "inheritance_reach.hpp"

#include <algorithm>

namespace trellis::queries {

std::vector<ReachedNode> reach_over_inheritance(const GraphStore& store, NodeId start,
                                                InheritanceDirection direction, int max_depth,
                                                TraversalScratch& scratch) {
  std::vector<ReachedNode> reached;
  scratch.begin(store.node_count());
  scratch.mark(start);
  std::size_t level_begin = 0;  // the previous level: reached[level_begin ..), or the start
  bool first_level = true;
  for (int depth = 1; depth <= max_depth; ++depth) {
    const std::size_t level_end = reached.size();
    auto expand = [&](NodeId node) {
      for (const RelType type : {RelType::Inherits, RelType::Implements}) {
        const auto neighbours =
            direction == InheritanceDirection::Bases ? store.out(type, node) : store.in(type, node);
        for (const NodeId neighbour : neighbours) {
          if (scratch.mark(neighbour)) reached.push_back({neighbour, depth, node});
        }
      }
    };
    if (first_level) {
      expand(start);
      first_level = false;
    } else {
      // The previous level is sorted by id, so each node hangs under the
      // smallest id that reaches it.
      for (std::size_t i = level_begin; i < level_end; ++i) expand(reached[i].node);
    }
    if (reached.size() == level_end) break;
    std::sort(reached.begin() + static_cast<std::ptrdiff_t>(level_end), reached.end(),
              [](const ReachedNode& a, const ReachedNode& b) { return a.node < b.node; });
    level_begin = level_end;
  }
  return reached;
}

}  // namespace trellis::queries
