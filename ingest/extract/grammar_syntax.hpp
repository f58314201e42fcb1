// A grammar's node types and fields that one language's extractor reads,
// resolved to tree-sitter ids once per grammar, so that per-node tests are
// integer compares instead of string compares and name lookups. `Type` and
// `Field` are the language's own enums; Type{} (its first value) stands for
// every type the extractor does not test.
#pragma once

#include <tree_sitter/api.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace trellis::ingest {

template <typename Type, typename Field, std::size_t kFieldCount>
class GrammarSyntax {
 public:
  using TypeName = std::pair<std::string_view, Type>;
  using FieldName = std::pair<std::string_view, Field>;

  // Every symbol whose name is in `type_names` gets that type, as a compare
  // of ts_node_type would; a field the grammar lacks gets id 0.
  GrammarSyntax(const TSLanguage* language, std::span<const TypeName> type_names,
                std::span<const FieldName, kFieldCount> field_names)
      : types_(ts_language_symbol_count(language), Type{}), by_field_id_(ts_language_field_count(language) + 1, kNoField) {
    for (std::size_t symbol = 0; symbol < types_.size(); ++symbol) {
      const char* name = ts_language_symbol_name(language, static_cast<TSSymbol>(symbol));
      if (name == nullptr) continue;
      for (const auto& [text, type] : type_names) {
        if (text == name) types_[symbol] = type;
      }
    }
    typed_.resize(types_.size());
    for (std::size_t symbol = 0; symbol < types_.size(); ++symbol) typed_[symbol] = types_[symbol] != Type{} ? 1 : 0;
    for (const auto& [text, field] : field_names) {
      const TSFieldId id = ts_language_field_id_for_name(language, text.data(), static_cast<std::uint32_t>(text.size()));
      fields_[static_cast<std::size_t>(field)] = id;
      if (id != 0 && id < by_field_id_.size()) by_field_id_[id] = static_cast<std::uint8_t>(field);
    }
  }

  // The type of `node` by the grammar's name for it (Type{} for a null node).
  Type type(TSNode node) const {
    if (ts_node_is_null(node)) return Type{};
    const TSSymbol symbol = ts_node_symbol(node);
    return symbol < types_.size() ? types_[symbol] : Type{};
  }
  bool is(TSNode node, Type type) const { return this->type(node) == type; }
  // The type of a node of symbol `symbol` (ts_node_symbol).
  Type type_of(TSSymbol symbol) const { return symbol < types_.size() ? types_[symbol] : Type{}; }
  // Per symbol, whether it has a type other than Type{}: the nodes an
  // extractor tests, whose fields it may read (FlatTree's fields_under).
  std::span<const std::uint8_t> typed_symbols() const { return typed_; }

  // The child in `field`, or a null node (also when the grammar lacks the
  // field, or `node` is null).
  TSNode child(TSNode node, Field field) const {
    const TSFieldId id = field_id(field);
    return id == 0 || ts_node_is_null(node) ? TSNode{} : ts_node_child_by_field_id(node, id);
  }
  TSFieldId field_id(Field field) const { return fields_[static_cast<std::size_t>(field)]; }

  // Every field's child of `node` at once, in one pass of `cursor` over its
  // children (child() walks them from the first on every call); a field
  // with several children keeps its first, as child() does.
  class Fields {
   public:
    TSNode operator[](Field field) const { return nodes_[static_cast<std::size_t>(field)]; }

   private:
    friend class GrammarSyntax;
    std::array<TSNode, kFieldCount> nodes_{};
  };
  Fields fields(TSNode node, TSTreeCursor* cursor) const {
    Fields out;
    if (ts_node_is_null(node)) return out;
    ts_tree_cursor_reset(cursor, node);
    if (!ts_tree_cursor_goto_first_child(cursor)) return out;
    do {
      const TSFieldId id = ts_tree_cursor_current_field_id(cursor);
      if (id == 0 || id >= by_field_id_.size() || by_field_id_[id] == kNoField) continue;
      TSNode& slot = out.nodes_[by_field_id_[id]];
      if (ts_node_is_null(slot)) slot = ts_tree_cursor_current_node(cursor);
    } while (ts_tree_cursor_goto_next_sibling(cursor));
    return out;
  }
  // The same, read through `children` (extract/child_nodes.hpp), which
  // reads a flattened tree when it has one.
  template <class Children>
  Fields fields(TSNode node, Children& children) const {
    Fields out;
    children.for_each_child(node, [&](TSNode child, TSFieldId id) {
      if (id == 0 || id >= by_field_id_.size() || by_field_id_[id] == kNoField) return;
      TSNode& slot = out.nodes_[by_field_id_[id]];
      if (ts_node_is_null(slot)) slot = child;
    });
    return out;
  }

 private:
  static constexpr std::uint8_t kNoField = 0xFF;
  static_assert(kFieldCount < kNoField);
  std::vector<Type> types_;  // by symbol
  std::vector<std::uint8_t> typed_;  // by symbol: types_[symbol] != Type{}
  std::array<TSFieldId, kFieldCount> fields_{};
  std::vector<std::uint8_t> by_field_id_;  // Field by field id, kNoField for the rest
};

}  // namespace trellis::ingest
