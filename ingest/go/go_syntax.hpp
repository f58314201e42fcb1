// The Go grammar's node types and fields the extractor reads, resolved to
// tree-sitter ids once (extract/grammar_syntax.hpp) so per-node tests are
// integer compares.
#pragma once

#include <cstdint>

#include "extract/grammar_syntax.hpp"
#include "extract/tree_sitter_handles.hpp"

namespace trellis::ingest::go {

// Node types by name; Other for every type the extractor does not test.
enum class NodeType : std::uint8_t {
  Other,
  SourceFile,
  Comment,
  Identifier,
  FieldIdentifier,
  TypeIdentifier,
  PackageIdentifier,
  BlankIdentifier,
  Dot,
  PackageClause,
  ImportSpec,
  FunctionDeclaration,
  MethodDeclaration,
  TypeDeclaration,
  TypeSpec,
  TypeAlias,
  StructType,
  InterfaceType,
  FieldDeclarationList,
  FieldDeclaration,
  MethodElem,
  TypeElem,
  ParameterList,
  ParameterDeclaration,
  VariadicParameterDeclaration,
  VarSpec,
  ConstSpec,
  ShortVarDeclaration,
  AssignmentStatement,
  RangeClause,
  TypeSwitchStatement,
  ReceiveStatement,
  Block,
  IfStatement,
  ForStatement,
  ExpressionSwitchStatement,
  ExpressionCase,
  DefaultCase,
  TypeCase,
  CommunicationCase,
  ExpressionList,
  CallExpression,
  ArgumentList,
  VariadicArgument,
  SelectorExpression,
  CompositeLiteral,
  UnaryExpression,
  ParenthesizedExpression,
  TypeAssertionExpression,
  TypeConversionExpression,
  FuncLiteral,
  InterpretedStringLiteral,
  RawStringLiteral,
  IntLiteral,
  FloatLiteral,
  ImaginaryLiteral,
  RuneLiteral,
  True,
  False,
  Iota,
  QualifiedType,
  PointerType,
  GenericType,
  ParenthesizedType,
  SliceType,
  ArrayType,
  MapType,
  ChannelType,
  IndexExpression,
};

enum class Field : std::uint8_t {
  Arguments,
  Body,
  Field,
  Function,
  Left,
  Name,
  Operand,
  Operator,
  Package,
  Parameters,
  Path,
  Receiver,
  Result,
  Right,
  Type,
  Value,
  Alias,
  Element,
};
inline constexpr std::size_t kFieldCount = static_cast<std::size_t>(Field::Element) + 1;

class GoSyntax : public GrammarSyntax<NodeType, Field, kFieldCount> {
 public:
  explicit GoSyntax(const TSLanguage* language);
};

}  // namespace trellis::ingest::go
