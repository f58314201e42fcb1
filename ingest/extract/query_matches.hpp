// Runs a query over a tree the cheap way: a plain cursor walk visits every
// node, and the query cursor runs only on nodes whose type may start a
// pattern, limited to patterns starting at that very node. A query cursor
// over the whole tree tests every node against every in-flight pattern,
// which costs more than parsing; this finds the same matches.
#pragma once

#include <tree_sitter/api.h>

#include "pattern_roots.hpp"
#include "tree_sitter_handles.hpp"

namespace trellis::ingest {

// Calls on_match(const TSQueryMatch&) for every match of `query` in the tree
// under `root`. Matches come grouped by the node their pattern starts at,
// those nodes in pre-order (a whole-tree cursor orders them by the node
// where they finish instead). Sets the cursor's max start depth to 0.
template <class OnMatch>
void for_each_match(TSQueryCursor* cursor, const TSQuery* query, const PatternRoots& roots, TSNode root,
                    OnMatch&& on_match) {
  ts_query_cursor_set_max_start_depth(cursor, 0);
  TsTreeCursor walk(root);
  TSTreeCursor* at = walk.get();
  for (bool descend = true;;) {
    if (descend) {
      const TSNode node = ts_tree_cursor_current_node(at);
      if (roots.may_start(ts_node_symbol(node))) {
        ts_query_cursor_exec(cursor, query, node);
        TSQueryMatch match;
        while (ts_query_cursor_next_match(cursor, &match)) on_match(match);
      }
    }
    if (descend && ts_tree_cursor_goto_first_child(at)) continue;
    if (ts_tree_cursor_goto_next_sibling(at)) {
      descend = true;
      continue;
    }
    if (!ts_tree_cursor_goto_parent(at)) break;
    descend = false;
  }
}

}  // namespace trellis::ingest
