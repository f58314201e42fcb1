// Memory one thread reuses across traversals: visited marks, the parent
// of each node visited with one, and the level buffers of a breadth-first
// search. The arrays grow to the largest store (or frontier) seen and are
// then reused: a fresh allocation costs page faults on every query.
//
// Marks are one bit per node (147 KiB per million nodes, which stays in L2:
// the mark test runs once per edge). Each 64-bit word holds 56 marks and a
// one-byte epoch; a word whose epoch is not the current traversal's reads as
// all clear and is overwritten on first use. Starting a traversal is O(1)
// but once every 255 traversals, when the epochs wrap and every word is
// cleared.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "trellis/store/ids.hpp"

namespace trellis::queries {

// The rows one breadth-first level reads: each frontier node with a
// non-empty neighbour list, and that list.
struct FrontierRow {
  std::span<const NodeId> neighbours;
  NodeId node = kNoNode;
};

// One level's nodes, the next level's, and the current level's rows.
// Their contents are the caller's; begin() leaves them as they are.
struct LevelBuffers {
  std::vector<NodeId> frontier;
  std::vector<NodeId> next;
  std::vector<FrontierRow> rows;
};

class TraversalScratch {
 public:
  // Starts a traversal over node ids 0 .. node_count - 1: nothing is visited.
  void begin(std::size_t node_count) {
    const std::size_t words = (node_count + kMarksPerWord - 1) / kMarksPerWord;
    if (words_.size() < words) words_.resize(words, 0);
    if (parents_.size() < node_count) parents_.resize(node_count, kNoNode);
    if (++epoch_ == 0) {  // the epoch wrapped: old words could look current
      std::fill(words_.begin(), words_.end(), 0);
      epoch_ = 1;
    }
    current_ = std::uint64_t{epoch_} << kMarksPerWord;
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
    std::uint64_t& word = words_[node / kMarksPerWord];
    const std::uint64_t bit = std::uint64_t{1} << (node % kMarksPerWord);
    // A word of an earlier traversal reads as empty.
    const std::uint64_t marks = (word & kEpochMask) == current_ ? word : current_;
    word = marks | bit;
    return (marks & bit) == 0;
  }
  bool visited(NodeId node) const {
    const std::uint64_t word = words_[node / kMarksPerWord];
    return (word & kEpochMask) == current_ && (word >> (node % kMarksPerWord) & 1) != 0;
  }
  // The node `node` was reached from (kNoNode for the start); valid while
  // visited, for nodes marked by visit().
  NodeId parent(NodeId node) const { return parents_[node]; }

  LevelBuffers& levels() { return levels_; }

 private:
  // Each word holds the marks of 56 nodes under its traversal's epoch in the
  // top byte, so a mark test reads one word: no separate epoch array.
  static constexpr std::uint32_t kMarksPerWord = 56;
  static constexpr std::uint64_t kEpochMask = ~((std::uint64_t{1} << kMarksPerWord) - 1);

  std::vector<std::uint64_t> words_;
  std::vector<NodeId> parents_;
  LevelBuffers levels_;
  std::uint64_t current_ = 0;  // epoch_ in the top byte
  std::uint8_t epoch_ = 0;
};

}  // namespace trellis::queries
