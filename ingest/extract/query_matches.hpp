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
#include <span>
#include <vector>

#include "pattern_roots.hpp"
#include "tree_sitter_handles.hpp"
#include "syntax_walk.hpp"

namespace trellis::ingest {

// Calls on_match(const TSQueryMatch&, std::span<const TSNode> walk) for
// every match of a query whose patterns are all plain (roots.all_plain()),
// in the order for_each_match gives them. `walk` holds the node the match
// starts at, last, after its ancestors from `root`: they come from the walk
// itself, where ts_node_parent would walk down from the root each time.
template <class OnMatch>
void for_each_match_on_walk(TSQueryCursor* cursor, const TSQuery* query, const PatternRoots& roots, TSNode root,
                            OnMatch&& on_match) {
  TSQueryMatch match;
  ts_query_cursor_set_max_start_depth(cursor, 0);
  SyntaxWalk walk(root);
  TSTreeCursor* at = walk.cursor();
  std::vector<TSNode> path{root};  // the current node, after its ancestors
  for (bool descend = true;;) {
    if (descend) {
      const TSNode node = path.back();
      const TSSymbol symbol = ts_node_symbol(node);
      if (roots.only_bare(symbol)) {
        for (const PatternRoots::BarePattern& bare : roots.bare_patterns(symbol)) {
          TSQueryCapture capture{node, bare.capture};
          match = TSQueryMatch{0, bare.pattern, 1, &capture};
          on_match(match, std::span<const TSNode>(path));
        }
      } else if (roots.may_start(symbol)) {
        ts_query_cursor_exec(cursor, query, node);
        while (ts_query_cursor_next_match(cursor, &match)) on_match(match, std::span<const TSNode>(path));
      }
    }
    if (descend && walk.goto_first_child(path.back())) {
      path.push_back(ts_tree_cursor_current_node(at));
      continue;
    }
    if (walk.goto_next_sibling()) {
      path.back() = ts_tree_cursor_current_node(at);
      descend = true;
      continue;
    }
    if (!walk.goto_parent()) break;
    path.pop_back();
    descend = false;
  }
}

// Calls on_match(const TSQueryMatch&) for every match of `query` in the tree
// under `root`. Matches come grouped by the node their pattern starts at,
// those nodes in pre-order (a whole-tree cursor orders them by the node
// where they finish instead). A match's id is meaningless (0 for the
// matches made without the cursor). A query whose patterns are not all plain
// (see PatternRoots) runs as one whole-tree cursor, in that cursor's order.
template <class OnMatch>
void for_each_match(TSQueryCursor* cursor, const TSQuery* query, const PatternRoots& roots, TSNode root,
                    OnMatch&& on_match) {
  if (!roots.all_plain()) {
    TSQueryMatch match;
    ts_query_cursor_set_max_start_depth(cursor, UINT32_MAX);
    ts_query_cursor_exec(cursor, query, root);
    while (ts_query_cursor_next_match(cursor, &match)) on_match(match);
    return;
  }
  for_each_match_on_walk(cursor, query, roots, root,
                         [&](const TSQueryMatch& match, std::span<const TSNode>) { on_match(match); });
}

}  // namespace trellis::ingest
