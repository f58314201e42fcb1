// A parsed tree's visible nodes, read with one cursor walk into an array in
// pre-order, each with its parent, previous sibling and field.
// Every step of a tree-sitter cursor, and every ts_node_child or
// ts_node_child_by_field_id, costs hundreds of instructions; an extractor
// that reads a node's children or fields again after its walk passed them
// (a call's arguments, an invocation's object and name) pays that for each
// read. With the tree flattened once, those reads are array steps.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <span>
#include <vector>

namespace trellis::ingest {

class FlatTree {
 public:
  using Index = std::uint32_t;
  static constexpr Index kNone = 0xFFFFFFFFu;

  struct Node {
    TSNode node;
    Index parent = kNone;    // kNone for the root
    Index end = 0;           // one past the last node of its subtree
    Index previous = kNone;  // the sibling before it, kNone for a first child
    std::uint32_t start = 0;  // ts_node_start_byte
    TSSymbol symbol = 0;      // ts_node_symbol
    TSFieldId field = 0;      // its field in its parent (0: none), when the parent's fields_known
    bool named = false;
    bool fields_known = false;  // its children's fields were read
    bool flattened = true;      // its children were read (see skip_under)
  };

  // The nodes of the tree under `root` (root first), as a cursor walks them.
  // Reading a node's field costs as much as a step of the walk, so fields
  // are read only under nodes whose symbol `fields_under` marks (non-zero),
  // those whose fields an extractor reads; an empty span marks all. What
  // nodes whose symbol `skip_under` marks hold is left out: the extractor
  // reads it, if at all, from the node (Node::flattened is false).
  explicit FlatTree(TSNode root, std::span<const std::uint8_t> fields_under = {},
                    std::span<const std::uint8_t> skip_under = {});

  std::span<const Node> nodes() const { return nodes_; }
  const Node& operator[](Index index) const { return nodes_[index]; }
  // The index of `node`, or kNone when it is not in this tree. Given
  // `near`, a node it is likely to be or be under, the search starts there.
  Index find(TSNode node, Index near = kNone) const;

  // Calls visit(const Node& child) for each child of nodes()[parent], in
  // order (none when the parent is not flattened).
  template <class Visit>
  void for_each_child(Index parent, Visit&& visit) const {
    for (Index child = parent + 1; child < nodes_[parent].end; child = nodes_[child].end) visit(nodes_[child]);
  }

 private:
  std::vector<Node> nodes_;
};

}  // namespace trellis::ingest
