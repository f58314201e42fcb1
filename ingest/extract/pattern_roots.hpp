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
  // `text` is the source `query` was compiled from.
  PatternRoots(const TSQuery* query, std::string_view text, const TSLanguage* language);

  // Whether every pattern starts with a plain `(node_type ...)`. Otherwise (a
  // wildcard, an alternation, a supertype) matches cannot be found node by
  // node: tree-sitter starts `(_ (child))` at the child, for one.
  bool all_plain() const { return all_plain_; }
  // Whether a pattern may start at a node of this type (when all_plain()).
  bool may_start(TSSymbol symbol) const { return symbol < by_symbol_.size() && by_symbol_[symbol] != 0; }

 private:
  std::vector<std::uint8_t> by_symbol_;
  bool all_plain_ = true;
};

}  // namespace trellis::ingest
