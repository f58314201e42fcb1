// Runs a query over a tree the cheap way: a plain cursor walk visits every
// node, and the query cursor runs only on nodes whose type may start a
// pattern, limited to patterns starting at that very node. A query cursor
// over the whole tree computes every node's status and tests it against
// every in-flight pattern; this finds the same matches for less. Where only
// bare patterns (`(call) @call`) start, their matches are made without the
// query cursor: such a pattern matches its node and captures only it.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>

#include "pattern_roots.hpp"
#include "tree_sitter_handles.hpp"

namespace trellis::ingest {

// Calls on_match(const TSQueryMatch&) for every match of `query` in the tree
// under `root`. Matches come grouped by the node their pattern starts at,
// those nodes in pre-order (a whole-tree cursor orders them by the node
// where they finish instead). A match's id is meaningless (0 for the
// matches made without the cursor). A query whose patterns are not all plain
// (see PatternRoots) runs as one whole-tree cursor, in that cursor's order.
template <class OnMatch>
void for_each_match(TSQueryCursor* cursor, const TSQuery* query, const PatternRoots& roots, TSNode root,
                    OnMatch&& on_match) {
  TSQueryMatch match;
  if (!roots.all_plain()) {
    ts_query_cursor_set_max_start_depth(cursor, UINT32_MAX);
    ts_query_cursor_exec(cursor, query, root);
    while (ts_query_cursor_next_match(cursor, &match)) on_match(match);
    return;
  }
  ts_query_cursor_set_max_start_depth(cursor, 0);
  TsTreeCursor walk(root);
  TSTreeCursor* at = walk.get();
  for (bool descend = true;;) {
    if (descend) {
      const TSNode node = ts_tree_cursor_current_node(at);
      const TSSymbol symbol = ts_node_symbol(node);
      if (roots.only_bare(symbol)) {
        for (const PatternRoots::BarePattern& bare : roots.bare_patterns(symbol)) {
          TSQueryCapture capture{node, bare.capture};
          match = TSQueryMatch{0, bare.pattern, 1, &capture};
          on_match(match);
        }
      } else if (roots.may_start(symbol)) {
        ts_query_cursor_exec(cursor, query, node);
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
