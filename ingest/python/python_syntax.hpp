// The Python grammar's node types and fields the extractor reads, resolved
// to tree-sitter ids once per language so that per-node tests are integer
// compares instead of string compares and name lookups.
#pragma once

#include <tree_sitter/api.h>

#include <array>
#include <cstdint>
#include <vector>

namespace trellis::ingest::python {

// Node types by name; Other for every type the extractor does not test.
enum class NodeType : std::uint8_t {
  Other,
  Identifier,
  Attribute,
  Call,
  ParenthesizedExpression,
  String,
  ConcatenatedString,
  Integer,
  Float,
  List,
  ListComprehension,
  Dictionary,
  DictionaryComprehension,
  Set,
  SetComprehension,
  Tuple,
  Interpolation,
  StringContent,
  Type,
  GenericType,
  Subscript,
  TypeParameter,
  BinaryOperator,
  UnionType,
  None,
  ExpressionStatement,
  DecoratedDefinition,
  Decorator,
  TypedParameter,
  ListSplatPattern,
  DictionarySplatPattern,
  RelativeImport,
  ImportPrefix,
  DottedName,
  WildcardImport,
  AliasedImport,
  Async,
  True,
  False,
  IfStatement,
  ClassDefinition,
  FunctionDefinition,
};

enum class Field : std::uint8_t {
  Alias,
  Attribute,
  Body,
  Condition,
  Consequence,
  Function,
  Left,
  ModuleName,
  Name,
  Object,
  Parameters,
  ReturnType,
  Right,
  Subscript,
  Type,
  Value,
};
inline constexpr std::size_t kFieldCount = static_cast<std::size_t>(Field::Value) + 1;

class PythonSyntax {
 public:
  explicit PythonSyntax(const TSLanguage* language);

  // The type of `node` as named by the grammar (Other for a null node). Every
  // symbol whose name matches counts, as a compare of ts_node_type would.
  NodeType type(TSNode node) const {
    if (ts_node_is_null(node)) return NodeType::Other;
    const TSSymbol symbol = ts_node_symbol(node);
    return symbol < types_.size() ? types_[symbol] : NodeType::Other;
  }
  bool is(TSNode node, NodeType type) const { return this->type(node) == type; }

  // The child in `field`, or a null node.
  TSNode child(TSNode node, Field field) const {
    return ts_node_child_by_field_id(node, fields_[static_cast<std::size_t>(field)]);
  }

 private:
  std::vector<NodeType> types_;  // by symbol
  std::array<TSFieldId, kFieldCount> fields_{};
};

}  // namespace trellis::ingest::python
