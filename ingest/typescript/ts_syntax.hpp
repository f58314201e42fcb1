// The TypeScript, TSX and JavaScript grammars' node types and fields the
// extractor reads, resolved to tree-sitter ids once per grammar so per-node
// tests are integer compares. The three grammars share their JavaScript
// core; types only TypeScript has are simply absent from JavaScript's table.
#pragma once

#include <cstdint>

#include "extract/grammar_syntax.hpp"

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
  ShortCircuitOperator,  // &&, || and ??
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
  Operator,
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

class TsSyntax : public GrammarSyntax<NodeType, Field, kFieldCount> {
 public:
  explicit TsSyntax(const TSLanguage* language);
};

}  // namespace trellis::ingest::typescript
