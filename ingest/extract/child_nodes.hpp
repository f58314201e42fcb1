// A node's children, read in one pass: ts_node_child(node, i) and
// ts_node_named_child(node, i) walk from the first child on every call, so
// a loop over them is quadratic in the children (a class body, a block);
// a tree cursor is linear, but each of its steps costs as much as a dozen
// steps of that walk. Nodes with few children (an argument list, a call, a
// declaration) are read by index, the rest with the cursor; given the tree
// flattened (extract/flat_tree.hpp), every read is a few array steps.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <vector>

#include "extract/flat_tree.hpp"
#include "extract/tree_sitter_handles.hpp"

namespace trellis::ingest {

class ChildNodes {
 public:
  // `tree`, when given, is the tree under `root` flattened; it must outlive this object.
  explicit ChildNodes(TSNode root, const FlatTree* tree = nullptr) : cursor_(root), tree_(tree) {}

  // The children of `node` (only the named ones when `named_only`), in order.
  std::vector<TSNode> of(TSNode node, bool named_only = true) {
    std::vector<TSNode> out;
    if (ts_node_is_null(node)) return out;
    const std::uint32_t count = ts_node_child_count(node);
    if (count == 0) return out;
    if (const FlatTree::Index index = find(node); index != FlatTree::kNone && (*tree_)[index].flattened) {
      out.reserve(count);
      tree_->for_each_child(index, [&](const FlatTree::Node& child) {
        if (!named_only || child.named) out.push_back(child.node);
      });
      return out;
    }
    if (count <= kReadByIndex) {
      if (named_only) {
        const std::uint32_t named = ts_node_named_child_count(node);
        out.reserve(named);
        for (std::uint32_t i = 0; i < named; ++i) out.push_back(ts_node_named_child(node, i));
      } else {
        out.reserve(count);
        for (std::uint32_t i = 0; i < count; ++i) out.push_back(ts_node_child(node, i));
      }
      return out;
    }
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

  // Calls visit(TSNode child, TSFieldId field) for each child of `node`, in
  // order (field 0: in none).
  template <class Visit>
  void for_each_child(TSNode node, Visit&& visit) {
    if (ts_node_is_null(node)) return;
    if (const FlatTree::Index index = find(node);
        index != FlatTree::kNone && (*tree_)[index].flattened && (*tree_)[index].fields_known) {
      tree_->for_each_child(index, [&](const FlatTree::Node& child) { visit(child.node, child.field); });
      return;
    }
    TSTreeCursor* cursor = cursor_.get();
    ts_tree_cursor_reset(cursor, node);
    if (!ts_tree_cursor_goto_first_child(cursor)) return;
    do {
      visit(ts_tree_cursor_current_node(cursor), ts_tree_cursor_current_field_id(cursor));
    } while (ts_tree_cursor_goto_next_sibling(cursor));
  }

  // With a flattened tree: the node reads are likely to be, or be under,
  // next (the one an extractor's walk visits); by default the last one read.
  void near(FlatTree::Index index) { near_ = index; }

  // The cursor of() uses, for other one-pass reads of a node's children
  // (GrammarSyntax::fields): each resets it to its node first.
  TSTreeCursor* cursor() { return cursor_.get(); }

 private:
  // Up to this many children, reading each by index (a quadratic number of
  // cheap steps) costs less than walking them with the cursor.
  static constexpr std::uint32_t kReadByIndex = 12;
  FlatTree::Index find(TSNode node) {
    if (tree_ == nullptr) return FlatTree::kNone;
    const FlatTree::Index index = tree_->find(node, near_);
    if (index != FlatTree::kNone) near_ = index;
    return index;
  }

  TsTreeCursor cursor_;
  const FlatTree* tree_;
  FlatTree::Index near_ = FlatTree::kNone;
};

}  // namespace trellis::ingest
