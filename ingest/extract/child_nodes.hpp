// A node's children read with one tree cursor: ts_node_child(node, i) and
// ts_node_named_child(node, i) walk from the first child on every call, so
// a loop over them is quadratic in the children (a class body, a block).
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <vector>

#include "extract/tree_sitter_handles.hpp"

namespace trellis::ingest {

class ChildNodes {
 public:
  explicit ChildNodes(TSNode root) : cursor_(root) {}

  // The children of `node` (only the named ones when `named_only`), in order.
  std::vector<TSNode> of(TSNode node, bool named_only = true) {
    std::vector<TSNode> out;
    if (ts_node_is_null(node)) return out;
    const std::uint32_t count = ts_node_child_count(node);
    if (count == 0) return out;
    out.reserve(count);  // one allocation, not one per doubling
    TSTreeCursor* cursor = cursor_.get();
    ts_tree_cursor_reset(cursor, node);
    if (!ts_tree_cursor_goto_first_child(cursor)) return out;
    do {
      const TSNode child = ts_tree_cursor_current_node(cursor);
      if (!named_only || ts_node_is_named(child)) out.push_back(child);
    } while (ts_tree_cursor_goto_next_sibling(cursor));
    return out;
  }

  // The cursor of() uses, for other one-pass reads of a node's children
  // (GrammarSyntax::fields): each resets it to its node first.
  TSTreeCursor* cursor() { return cursor_.get(); }

 private:
  TsTreeCursor cursor_;
};

}  // namespace trellis::ingest
