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
      : types_(ts_language_symbol_count(language), Type{}) {
    for (std::size_t symbol = 0; symbol < types_.size(); ++symbol) {
      const char* name = ts_language_symbol_name(language, static_cast<TSSymbol>(symbol));
      if (name == nullptr) continue;
      for (const auto& [text, type] : type_names) {
        if (text == name) types_[symbol] = type;
      }
    }
    for (const auto& [text, field] : field_names) {
      fields_[static_cast<std::size_t>(field)] =
          ts_language_field_id_for_name(language, text.data(), static_cast<std::uint32_t>(text.size()));
    }
  }

  // The type of `node` by the grammar's name for it (Type{} for a null node).
  Type type(TSNode node) const {
    if (ts_node_is_null(node)) return Type{};
    const TSSymbol symbol = ts_node_symbol(node);
    return symbol < types_.size() ? types_[symbol] : Type{};
  }
  bool is(TSNode node, Type type) const { return this->type(node) == type; }

  // The child in `field`, or a null node (also when the grammar lacks the
  // field, or `node` is null).
  TSNode child(TSNode node, Field field) const {
    const TSFieldId id = field_id(field);
    return id == 0 || ts_node_is_null(node) ? TSNode{} : ts_node_child_by_field_id(node, id);
  }
  TSFieldId field_id(Field field) const { return fields_[static_cast<std::size_t>(field)]; }

 private:
  std::vector<Type> types_;  // by symbol
  std::array<TSFieldId, kFieldCount> fields_{};
};

}  // namespace trellis::ingest
