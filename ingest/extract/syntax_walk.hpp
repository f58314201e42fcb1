// A pre-order walk of a tree-sitter tree with a cursor that knows how many
// children of each node on its path are still to come. A
// ts_tree_cursor_goto_next_sibling past a node's last child fails only
// after climbing and searching the levels above it (about as dear as a
// step, and a walk makes one per node with children); a node's child count
// (ts_node_child_count: the visible children a cursor steps through) is one
// read. The steps are those of the cursor, in the same order.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <vector>

#include "extract/tree_sitter_handles.hpp"

namespace trellis::ingest {

class SyntaxWalk {
 public:
  // At `root`, which the walk never leaves.
  explicit SyntaxWalk(TSNode root) : cursor_(root) {}

  TSTreeCursor* cursor() { return cursor_.get(); }
  // ts_tree_cursor_goto_first_child, without the cursor at a leaf;
  // `current` is the node the walk is at (ts_tree_cursor_current_node).
  bool goto_first_child(TSNode current) {
    const std::uint32_t children = ts_node_child_count(current);
    if (children == 0 || !ts_tree_cursor_goto_first_child(cursor_.get())) return false;
    children_left_.push_back(children - 1);
    return true;
  }
  // ts_tree_cursor_goto_next_sibling, without the cursor when no sibling is left.
  bool goto_next_sibling() {
    if (children_left_.empty() || children_left_.back() == 0 || !ts_tree_cursor_goto_next_sibling(cursor_.get())) {
      return false;
    }
    --children_left_.back();
    return true;
  }
  // ts_tree_cursor_goto_parent.
  bool goto_parent() {
    if (!ts_tree_cursor_goto_parent(cursor_.get())) return false;
    children_left_.pop_back();
    return true;
  }

 private:
  TsTreeCursor cursor_;
  std::vector<std::uint32_t> children_left_;  // per node on the path but the current one, root first
};

}  // namespace trellis::ingest
