// The TypeScript, TSX and JavaScript grammars' node types and fields the
// extractor reads, resolved to tree-sitter ids once per grammar so per-node
// tests are integer compares. The three grammars share their JavaScript
// core; types only TypeScript has are simply absent from JavaScript's table.
#pragma once

#include <tree_sitter/api.h>

#include <array>
#include <cstdint>
#include <vector>

namespace trellis::ingest::typescript {

// Node types by name; Other for every type the extractor does not test.
enum class NodeType : std::uint8_t {
  Other,
  Identifier,
  PropertyIdentifier,
  PrivatePropertyIdentifier,
  ShorthandPropertyIdentifier,
  ShorthandPropertyIdentifierPattern,
  TypeIdentifier,
  NestedTypeIdentifier,
  This,
  Super,
  Import,
  MemberExpression,
  CallExpression,
  NewExpression,
  ParenthesizedExpression,
  AwaitExpression,
  NonNullExpression,
  AsExpression,
  SatisfiesExpression,
  String,
  StringFragment,
  TemplateString,
  Number,
  Array,
  Object,
  Regex,
  True,
  False,
  Null,
  Undefined,
  Comment,
  Decorator,
  ClassBody,
  InterfaceBody,
  ClassHeritage,
  ExtendsClause,
  ImplementsClause,
  ExtendsTypeClause,
  ClassDeclaration,
  AbstractClassDeclaration,
  Class,
  InterfaceDeclaration,
  FunctionDeclaration,
  GeneratorFunctionDeclaration,
  FunctionSignature,
  FunctionExpression,
  GeneratorFunction,
  ArrowFunction,
  MethodDefinition,
  MethodSignature,
  AbstractMethodSignature,
  PublicFieldDefinition,
  FieldDefinition,
  VariableDeclarator,
  LexicalDeclaration,
  VariableDeclaration,
  ExportStatement,
  ImportClause,
  NamedImports,
  NamespaceImport,
  ImportSpecifier,
  ExportClause,
  ExportSpecifier,
  NamespaceExport,
  ImportRequireClause,
  AmbientDeclaration,
  AssignmentExpression,
  ObjectPattern,
  PairPattern,
  Pair,
  RequiredParameter,
  OptionalParameter,
  AccessibilityModifier,
  TypeAnnotation,
  GenericType,
  UnionType,
  LiteralType,
  ParenthesizedType,
  ArrayType,
  TupleType,
  FunctionType,
  PredefinedType,
  Arguments,
  ExpressionStatement,
  Async,
  Get,
  Set,
  Static,
  Default,
  Readonly,
};

enum class Field : std::uint8_t {
  Alias,
  Arguments,
  Body,
  Constructor,
  Declaration,
  Decorator,
  Function,
  Key,
  Left,
  Module,
  Name,
  Object,
  Parameters,
  Pattern,
  Property,
  ReturnType,
  Right,
  Source,
  Type,
  Value,
};
inline constexpr std::size_t kFieldCount = static_cast<std::size_t>(Field::Value) + 1;

class TsSyntax {
 public:
  explicit TsSyntax(const TSLanguage* language);

  // The type of `node` by the grammar's name for it (Other for a null node).
  NodeType type(TSNode node) const {
    if (ts_node_is_null(node)) return NodeType::Other;
    const TSSymbol symbol = ts_node_symbol(node);
    return symbol < types_.size() ? types_[symbol] : NodeType::Other;
  }
  bool is(TSNode node, NodeType type) const { return this->type(node) == type; }

  // The child in `field`, or a null node (also when the grammar lacks the
  // field, or `node` is null).
  TSNode child(TSNode node, Field field) const {
    const TSFieldId id = fields_[static_cast<std::size_t>(field)];
    return id == 0 || ts_node_is_null(node) ? TSNode{} : ts_node_child_by_field_id(node, id);
  }
  TSFieldId field_id(Field field) const { return fields_[static_cast<std::size_t>(field)]; }

 private:
  std::vector<NodeType> types_;  // by symbol
  std::array<TSFieldId, kFieldCount> fields_{};
};

}  // namespace trellis::ingest::typescript
