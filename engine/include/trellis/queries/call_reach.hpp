// Breadth-first reach over CALLS from one function: its callers (edges
// followed backwards) or its callees, up to a depth, each node once at its
// shortest distance, cycles and recursion never followed twice. The core
// of the callers, callees and call-graph queries. Callees may also expand
// dispatch: a call to a method reaches the methods overriding it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "trellis/queries/traversal_scratch.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::queries {

enum class CallDirection { Callers, Callees };

struct ReachedNode {
  NodeId node = kNoNode;
  int depth = 0;      // 1 for a direct caller or callee
  NodeId via = kNoNode;  // the node one step nearer the start
  // Reached by dispatch: the called method this one overrides (then also
  // `via`). kNoNode for a node a CALLS edge reaches.
  NodeId through = kNoNode;
};

struct CallReach {
  // In breadth-first order: by depth, then by id within a step's neighbours.
  std::vector<ReachedNode> nodes;
  std::size_t total_count = 0;  // nodes reached before max_results cut the list
  bool truncated = false;
};

// Nodes within `max_depth` CALLS steps of `start` (which is not listed).
// At most `max_results` are kept; total_count still counts every one.
// With `dispatch` (callees only; ignored for callers), each CALLS edge to a
// method also reaches, at the same depth and after the nodes the level's
// edges reach, the methods overriding it (overrides.hpp), marked `through`
// it; the walk goes on from them as from any node.
CallReach reach_over_calls(const GraphStore& store, NodeId start, CallDirection direction, int max_depth,
                           std::size_t max_results, TraversalScratch& scratch, bool dispatch = false);

// The shortest chain between `start` and a reached node, read back through
// `scratch` (valid until its next traversal): for callers it runs from the
// caller to `start`, for callees from `start` to the callee.
std::vector<NodeId> call_chain(const TraversalScratch& scratch, NodeId start, NodeId reached,
                               CallDirection direction);

// Where `caller` calls `callee`: the line of each CALLS edge between them
// (a function may call another from several places), sorted and distinct,
// in the caller's file. Empty when it does not call it.
std::vector<std::int32_t> call_site_lines(const GraphStore& store, NodeId caller, NodeId callee);

}  // namespace trellis::queries
