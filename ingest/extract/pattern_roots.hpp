// Which node types can start a match of a tree-sitter query, read from the
// query's own text, so a walk can run the query cursor only where a pattern
// may begin (see query_matches.hpp).
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace trellis::ingest {

class PatternRoots {
 public:
  // A pattern that is a node type and one capture, nothing else
  // (`(call) @call`): it matches every node of that type, with the node as
  // its only capture.
  struct BarePattern {
    std::uint16_t pattern = 0;
    std::uint32_t capture = 0;  // the capture's id
  };

  // `text` is the source `query` was compiled from.
  PatternRoots(const TSQuery* query, std::string_view text, const TSLanguage* language);

  // Whether every pattern starts with a plain `(node_type ...)`. Otherwise (a
  // wildcard, an alternation, a supertype) matches cannot be found node by
  // node: tree-sitter starts `(_ (child))` at the child, for one.
  bool all_plain() const { return all_plain_; }
  // Whether a pattern may start at a node of this type (when all_plain()).
  bool may_start(TSSymbol symbol) const { return symbol < by_symbol_.size() && by_symbol_[symbol] != 0; }
  // Whether every pattern that starts at this type is bare: their matches
  // are then known without running the query (bare_patterns, in pattern order).
  bool only_bare(TSSymbol symbol) const { return symbol < by_symbol_.size() && by_symbol_[symbol] == kOnlyBare; }
  std::span<const BarePattern> bare_patterns(TSSymbol symbol) const;

 private:
  static constexpr std::uint8_t kOnlyBare = 2;
  std::vector<std::uint8_t> by_symbol_;  // 0: no pattern starts there; 1: some; kOnlyBare
  std::vector<std::vector<BarePattern>> bare_;  // by symbol
  bool all_plain_ = true;
};

}  // namespace trellis::ingest
