// Decision points for cyclomatic complexity (extract/complexity.hpp), told
// from node types while an extractor walks its tree: a second pass with a
// query costs about a tenth of the parse, and compiling the query tens of
// milliseconds at each start. Each language lists its own rules:
//   {"if_statement"}                      every such node
//   {"binary_expression", "&&", Operator} such a node whose `operator` is "&&"
//   {"switch_section", "case", Token}     each "case" token among its children
//   {"switch_expression_arm", "discard", Unless}  such a node unless its
//                                         first named child is a "discard"
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace trellis::ingest {

class DecisionPoints {
 public:
  enum class Kind : std::uint8_t { Node, Operator, Token, Unless };
  struct Rule {
    std::string_view type;
    std::string_view detail = {};
    Kind kind = Kind::Node;
  };

  DecisionPoints(const TSLanguage* language, std::span<const Rule> rules)
      : by_symbol_(ts_language_symbol_count(language)),
        operator_field_(ts_language_field_id_for_name(language, "operator", 8)) {
    for (const Rule& rule : rules) {
      for (TSSymbol symbol = 0; symbol < by_symbol_.size(); ++symbol) {
        const char* name = ts_language_symbol_name(language, symbol);
        if (name != nullptr && rule.type == name && ts_language_symbol_type(language, symbol) == TSSymbolTypeRegular) {
          by_symbol_[symbol].push_back(rule);
        }
      }
    }
  }

  // How many decision points `node` itself is (its descendants aside).
  std::uint32_t count(TSNode node) const { return count(node, ts_node_symbol(node)); }
  // The same, given ts_node_symbol(node).
  std::uint32_t count(TSNode node, TSSymbol symbol) const {
    if (symbol >= by_symbol_.size() || by_symbol_[symbol].empty()) return 0;
    std::uint32_t found = 0;
    // The operator's type, read once for all the node's Operator rules
    // (`&&` and `||` are two): nullopt until read, empty for none.
    std::optional<std::string_view> operator_type;
    for (const Rule& rule : by_symbol_[symbol]) {
      switch (rule.kind) {
        case Kind::Node: ++found; break;
        case Kind::Operator: {
          if (!operator_type) {
            const TSNode op = operator_field_ == 0 ? TSNode{} : ts_node_child_by_field_id(node, operator_field_);
            operator_type = ts_node_is_null(op) ? std::string_view{} : std::string_view(ts_node_type(op));
          }
          if (!operator_type->empty() && rule.detail == *operator_type) ++found;
          break;
        }
        case Kind::Token:
          for (std::uint32_t i = 0, n = ts_node_child_count(node); i < n; ++i) {
            if (rule.detail == ts_node_type(ts_node_child(node, i))) ++found;
          }
          break;
        case Kind::Unless: {
          const TSNode first = ts_node_named_child(node, 0);
          if (ts_node_is_null(first) || rule.detail != ts_node_type(first)) ++found;
          break;
        }
      }
    }
    return found;
  }

 private:
  std::vector<std::vector<Rule>> by_symbol_;
  TSFieldId operator_field_;
};

}  // namespace trellis::ingest
