// query_why (seed 003's "why"): two breadth-first trees around one node,
// upstream over the edges into it (who calls, inherits, implements or
// imports it) and downstream over the edges out of it (what it calls,
// inherits, implements or imports). Each node appears once per tree, under
// the node it was first reached from; the walk stops at the node cap.
#include <algorithm>

#include "trellis/queries/context_queries.hpp"
#include "trellis/queries/name_lookup.hpp"

namespace trellis::queries {
namespace {

inline constexpr Label kWhyLabels[] = {Label::Function, Label::Method, Label::Class, Label::Interface,
                                       Label::Module,   Label::Package, Label::ExternalPackage};

// In the order a tree lists a node's neighbours.
inline constexpr RelType kWhyEdges[] = {RelType::Calls, RelType::Inherits, RelType::Implements, RelType::Imports};

enum class Direction { Upstream, Downstream };

std::span<const NodeId> neighbours(const GraphStore& store, Direction direction, RelType type, NodeId node) {
  return direction == Direction::Upstream ? store.in(type, node) : store.out(type, node);
}

// The target and what it holds (DEFINES and CONTAINS, transitively): a
// class's methods, a module's definitions, a package's modules.
std::vector<NodeId> target_and_members(const GraphStore& store, NodeId target, TraversalScratch& scratch) {
  std::vector<NodeId> members{target};
  scratch.begin(store.node_count());
  scratch.mark(target);
  for (std::size_t i = 0; i < members.size(); ++i) {
    for (const RelType type : {RelType::Defines, RelType::Contains}) {
      for (const NodeId member : store.out(type, members[i])) {
        if (scratch.mark(member)) members.push_back(member);
      }
    }
  }
  return members;
}

WhyTree walk(const GraphStore& store, std::span<const NodeId> members, Direction direction, int max_depth,
             std::size_t max_nodes, TraversalScratch& scratch) {
  WhyTree tree;
  tree.max_depth = max_depth;
  scratch.begin(store.node_count());
  for (const NodeId member : members) scratch.mark(member);
  // Depth 1 is read whole, so `direct` counts every neighbour.
  for (const NodeId member : members) {
    for (const RelType type : kWhyEdges) {
      for (const NodeId next : neighbours(store, direction, type, member)) {
        if (!scratch.mark(next)) continue;
        ++tree.direct;
        if (tree.entries.size() < max_nodes) {
          tree.entries.push_back({next, -1, 1, type, member == members.front() ? kNoNode : member});
        } else {
          tree.truncated = true;
        }
      }
    }
  }
  for (std::size_t i = 0; i < tree.entries.size() && !tree.truncated; ++i) {
    const WhyEntry from = tree.entries[i];
    if (from.depth >= max_depth) continue;
    for (const RelType type : kWhyEdges) {
      for (const NodeId next : neighbours(store, direction, type, from.node)) {
        if (!scratch.mark(next)) continue;
        if (tree.entries.size() >= max_nodes) {
          tree.truncated = true;
          return tree;
        }
        tree.entries.push_back({next, static_cast<int>(i), from.depth + 1, type, kNoNode});
      }
    }
  }
  return tree;
}

}  // namespace

Result<WhyResult> query_why(const GraphStore& store, const WhyRequest& request, TraversalScratch& scratch) {
  auto target = lookup_module_or_file(store, request.name, NameKind{"Node", kWhyLabels});
  if (!target) return std::move(target).take_error();
  WhyResult result;
  result.node = *target;
  const std::vector<NodeId> members = target_and_members(store, result.node, scratch);
  const int downstream_depth = request.reverse ? std::max(request.max_depth / 2, 1) : request.max_depth;
  const auto cap = static_cast<std::size_t>(std::max(request.max_nodes, 1));
  result.upstream = walk(store, members, Direction::Upstream, request.max_depth, cap, scratch);
  result.downstream = walk(store, members, Direction::Downstream, downstream_depth, cap, scratch);
  return result;
}

}  // namespace trellis::queries
