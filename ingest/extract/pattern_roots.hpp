// Which node types can start a match of a tree-sitter query, read from the
// query's own text, so a walk can run the query cursor only where a pattern
// may begin (see query_matches.hpp).
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <string_view>
#include <vector>

namespace trellis::ingest {

class PatternRoots {
 public:
  // `text` is the source `query` was compiled from. A pattern whose root is
  // not a plain `(node_type ...)` (a wildcard, an alternation, a supertype)
  // makes every node a candidate: slower, never wrong.
  PatternRoots(const TSQuery* query, std::string_view text, const TSLanguage* language);

  bool may_start(TSSymbol symbol) const {
    return any_node_ || (symbol < by_symbol_.size() && by_symbol_[symbol] != 0);
  }

 private:
  std::vector<std::uint8_t> by_symbol_;
  bool any_node_ = false;
};

}  // namespace trellis::ingest
