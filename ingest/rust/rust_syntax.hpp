// The Rust grammar's node types and fields the extractor reads, resolved to
// tree-sitter ids once (extract/grammar_syntax.hpp) so per-node tests are
// integer compares.
#pragma once

#include <cstdint>

#include "extract/grammar_syntax.hpp"

namespace trellis::ingest::rust {

// Node types by name; Other for every type the extractor does not test.
enum class NodeType : std::uint8_t {
  Other,
  Identifier,
  TypeIdentifier,
  FieldIdentifier,
  PrimitiveType,
  Self,
  Super,
  Crate,
  Metavariable,
  ModItem,
  StructItem,
  EnumItem,
  UnionItem,
  TraitItem,
  ImplItem,
  FunctionItem,
  FunctionSignatureItem,
  MacroDefinition,
  MacroInvocation,
  UseDeclaration,
  UseList,
  ScopedUseList,
  UseAsClause,
  UseWildcard,
  FieldDeclaration,
  Parameter,
  LetDeclaration,
  LetCondition,
  ForExpression,
  ClosureParameters,
  MatchArm,
  CallExpression,
  FieldExpression,
  ScopedIdentifier,
  ScopedTypeIdentifier,
  GenericFunction,
  GenericType,
  GenericTypeWithTurbofish,
  TryExpression,
  AwaitExpression,
  ReferenceExpression,
  ParenthesizedExpression,
  UnaryExpression,
  IndexExpression,
  StructExpression,
  ReferenceType,
  PointerType,
  DynamicType,
  AbstractType,
  BoundedType,
  ArrayType,
  TypeArguments,
  StringLiteral,
  RawStringLiteral,
  CharLiteral,
  IntegerLiteral,
  FloatLiteral,
  BooleanLiteral,
  TupleStructPattern,
  ShorthandFieldIdentifier,
  TypeParameter,
  SelfParameter,
  Block,
  TypeItem,
  BinaryExpression,
  CompoundAssignmentExpr,
  WhereClause,
  WherePredicate,
};

enum class Field : std::uint8_t {
  Alias,
  Arguments,
  Body,
  Bounds,
  Function,
  List,
  Macro,
  Name,
  Path,
  Pattern,
  ReturnType,
  Trait,
  Type,
  TypeArguments,
  Value,
  Field,
  Element,
  Argument,
  TypeParameters,
  Parameters,
  Left,
  Right,
  Operator,
};
inline constexpr std::size_t kFieldCount = static_cast<std::size_t>(Field::Operator) + 1;

class RustSyntax : public GrammarSyntax<NodeType, Field, kFieldCount> {
 public:
  explicit RustSyntax(const TSLanguage* language);
};

}  // namespace trellis::ingest::rust
