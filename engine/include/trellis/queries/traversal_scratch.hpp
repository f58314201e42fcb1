// Memory one thread reuses across traversals. Visited marks carry an epoch,
// so starting a traversal costs O(1) rather than clearing a mark per node;
// the arrays grow to the largest store seen and are then reused. Marks are
// one byte: the mark test runs once per edge and is the traversal's cache
// miss, and 1 MiB of marks per million nodes stays in cache where 4 MiB
// did not; the price is clearing them once every 255 traversals.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "trellis/store/ids.hpp"

namespace trellis::queries {

class TraversalScratch {
 public:
  // Starts a traversal over node ids 0 .. node_count - 1: nothing is visited.
  void begin(std::size_t node_count) {
    if (stamps_.size() < node_count) {
      stamps_.resize(node_count, 0);
      parents_.resize(node_count, kNoNode);
    }
    if (++epoch_ == 0) {  // the epoch wrapped: old marks could look current (1 in 255 traversals)
      std::fill(stamps_.begin(), stamps_.end(), 0);
      epoch_ = 1;
    }
  }
  // Marks `node` visited, reached from `parent`; false when it already was.
  bool visit(NodeId node, NodeId parent) {
    if (stamps_[node] == epoch_) return false;
    stamps_[node] = epoch_;
    parents_[node] = parent;
    return true;
  }
  // Marks `node` visited without recording a parent (whose write is a
  // second cache miss): for nodes whose path back is never asked for.
  bool mark(NodeId node) {
    if (stamps_[node] == epoch_) return false;
    stamps_[node] = epoch_;
    return true;
  }
  bool visited(NodeId node) const { return stamps_[node] == epoch_; }
  // The node `node` was reached from (kNoNode for the start); valid while
  // visited, for nodes marked by visit().
  NodeId parent(NodeId node) const { return parents_[node]; }

 private:
  std::vector<std::uint8_t> stamps_;
  std::vector<NodeId> parents_;
  std::uint8_t epoch_ = 0;
};

}  // namespace trellis::queries
