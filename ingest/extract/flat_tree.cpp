#include "extract/flat_tree.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "extract/syntax_walk.hpp"

namespace trellis::ingest {

FlatTree::FlatTree(TSNode root, std::span<const std::uint8_t> fields_under, std::span<const std::uint8_t> skip_under) {
  if (ts_node_is_null(root)) return;
  nodes_.reserve(ts_node_descendant_count(root));
  SyntaxWalk walk(root);
  TSTreeCursor* at = walk.cursor();
  // Whether nodes of a symbol are named, read from the first node of each
  // symbol: ts_node_is_named costs a call with the node copied, per node.
  constexpr std::uint8_t kUnknown = 2;
  std::vector<std::uint8_t> named_by_symbol(ts_language_symbol_count(ts_node_language(root)), kUnknown);
  // Each step of the walk enters a node: a first child after its parent, a
  // next sibling after the node before it.
  const auto enter = [&](Index parent, Index previous) {
    const TSNode node = ts_tree_cursor_current_node(at);
    const TSSymbol symbol = ts_node_symbol(node);
    const bool fields_known = fields_under.empty() || (symbol < fields_under.size() && fields_under[symbol] != 0);
    const TSFieldId field = parent != kNone && nodes_[parent].fields_known ? ts_tree_cursor_current_field_id(at) : 0;
    const bool flattened = symbol >= skip_under.size() || skip_under[symbol] == 0;
    bool named = false;
    if (symbol < named_by_symbol.size()) {
      std::uint8_t& known = named_by_symbol[symbol];
      if (known == kUnknown) known = ts_node_is_named(node) ? 1 : 0;
      named = known == 1;
    } else {
      named = ts_node_is_named(node);  // ERROR (0xFFFF)
    }
    nodes_.push_back({node, parent, 0, previous, ts_node_start_byte(node), symbol, field, named, fields_known,
                      flattened});
    return static_cast<Index>(nodes_.size() - 1);
  };
  Index current = enter(kNone, kNone);
  for (bool descend = true;;) {
    if (descend && nodes_[current].flattened && walk.goto_first_child(nodes_[current].node)) {
      current = enter(current, kNone);
      continue;
    }
    nodes_[current].end = static_cast<Index>(nodes_.size());
    const Index parent = nodes_[current].parent;
    if (parent == kNone) break;
    if (walk.goto_next_sibling()) {
      current = enter(parent, current);
      descend = true;
      continue;
    }
    if (!walk.goto_parent()) break;
    current = parent;
    descend = false;
  }
}

// Pre-order is in order of start bytes; nodes that start together (a call
// and its callee) are next to one another.
FlatTree::Index FlatTree::find(TSNode node, Index near) const {
  if (ts_node_is_null(node)) return kNone;
  const std::uint32_t start = ts_node_start_byte(node);
  const auto search = [&](std::vector<Node>::const_iterator first, std::vector<Node>::const_iterator last) {
    auto it = std::partition_point(first, last, [&](const Node& n) { return n.start < start; });
    for (; it != last && it->start == start; ++it) {
      if (it->node.id == node.id && it->node.tree == node.tree) return static_cast<Index>(it - nodes_.begin());
    }
    return kNone;
  };
  if (near < nodes_.size() && nodes_[near].start <= start) {
    if (nodes_[near].node.id == node.id && nodes_[near].node.tree == node.tree) return near;
    const Index found = search(nodes_.begin() + near, nodes_.begin() + nodes_[near].end);
    if (found != kNone) return found;
  }
  return search(nodes_.begin(), nodes_.end());
}

}  // namespace trellis::ingest
