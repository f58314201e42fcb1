// Memory one thread reuses across traversals: visited marks and the parent
// of each node visited with one. The arrays grow to the largest store seen
// and are then reused.
//
// Marks are one bit per node (128 KiB per million nodes, which stays in L2:
// the mark test runs once per edge and is the traversal's cache miss). Each
// 64-bit word of marks carries a one-byte epoch; a word whose epoch is not
// the current traversal's reads as all clear and is cleared on first use.
// Starting a traversal is O(1) but once every 255 traversals, when the
// epochs wrap and are reset (one byte per 64 nodes).
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
    const std::size_t words = (node_count + 63) / 64;
    if (bits_.size() < words) {
      bits_.resize(words, 0);
      epochs_.resize(words, 0);
    }
    if (parents_.size() < node_count) parents_.resize(node_count, kNoNode);
    if (++epoch_ == 0) {  // the epoch wrapped: old words could look current
      std::fill(epochs_.begin(), epochs_.end(), 0);
      epoch_ = 1;
    }
  }
  // Marks `node` visited, reached from `parent`; false when it already was.
  bool visit(NodeId node, NodeId parent) {
    if (!mark(node)) return false;
    parents_[node] = parent;
    return true;
  }
  // Marks `node` visited without recording a parent (whose write is a
  // second cache miss): for nodes whose path back is never asked for.
  bool mark(NodeId node) {
    std::uint64_t& word = current_word(node);
    const std::uint64_t bit = std::uint64_t{1} << (node & 63);
    if ((word & bit) != 0) return false;
    word |= bit;
    return true;
  }
  bool visited(NodeId node) const {
    const std::size_t w = node >> 6;
    return epochs_[w] == epoch_ && (bits_[w] >> (node & 63) & 1) != 0;
  }
  // The node `node` was reached from (kNoNode for the start); valid while
  // visited, for nodes marked by visit().
  NodeId parent(NodeId node) const { return parents_[node]; }

 private:
  std::uint64_t& current_word(NodeId node) {
    const std::size_t w = node >> 6;
    if (epochs_[w] != epoch_) {
      epochs_[w] = epoch_;
      bits_[w] = 0;
    }
    return bits_[w];
  }

  std::vector<std::uint64_t> bits_;
  std::vector<std::uint8_t> epochs_;  // per word of bits_
  std::vector<NodeId> parents_;
  std::uint8_t epoch_ = 0;
};

}  // namespace trellis::queries
