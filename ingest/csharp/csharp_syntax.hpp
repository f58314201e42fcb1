// The C# grammar's node types and fields the extractor reads, resolved to
// tree-sitter ids once (extract/grammar_syntax.hpp) so per-node tests are
// integer compares.
#pragma once

#include <cstdint>

#include "extract/grammar_syntax.hpp"

namespace trellis::ingest::csharp {

// Node types by name; Other for every type the extractor does not test.
// `this`, `base`, `static`, `params`... are the grammar's keyword tokens.
enum class NodeType : std::uint8_t {
  Other,
  Identifier,
  GenericName,
  QualifiedName,
  AliasQualifiedName,
  PredefinedType,
  NullableType,
  RefType,
  ImplicitType,
  This,
  Base,
  Static,
  Params,
  MemberAccessExpression,
  InvocationExpression,
  ObjectCreationExpression,
  ConditionalAccessExpression,
  MemberBindingExpression,
  AwaitExpression,
  ParenthesizedExpression,
  CastExpression,
  PostfixUnaryExpression,
  StringLiteral,
  VerbatimStringLiteral,
  RawStringLiteral,
  InterpolatedStringExpression,
  IntegerLiteral,
  RealLiteral,
  BooleanLiteral,
  CharacterLiteral,
  NullLiteral,
  Comment,
  AttributeList,
  Attribute,
  Modifier,
  PreprocIf,
  BaseList,
  PrimaryConstructorBaseType,
  ArgumentList,
  Argument,
  DeclarationExpression,
  ParameterList,
  Parameter,
  NamespaceDeclaration,
  FileScopedNamespaceDeclaration,
  UsingDirective,
  ClassDeclaration,
  StructDeclaration,
  RecordDeclaration,
  EnumDeclaration,
  InterfaceDeclaration,
  MethodDeclaration,
  ConstructorDeclaration,
  DestructorDeclaration,
  OperatorDeclaration,
  ConversionOperatorDeclaration,
  IndexerDeclaration,
  DelegateDeclaration,
  EventDeclaration,
  PropertyDeclaration,
  AccessorDeclaration,
  FieldDeclaration,
  EventFieldDeclaration,
  EnumMemberDeclaration,
  VariableDeclaration,
  VariableDeclarator,
  LocalDeclarationStatement,
  UsingStatement,
  ForeachStatement,
  CatchDeclaration,
  DeclarationPattern,
  RecursivePattern,
  ConstructorInitializer,
  SwitchExpressionArm,
  Discard,
  ArrowExpressionClause,
};

enum class Field : std::uint8_t {
  Accessors,
  Arguments,
  Body,
  Condition,
  Expression,
  Function,
  Left,
  Name,
  Parameters,
  Qualifier,
  Returns,
  Type,
  Value,
};
inline constexpr std::size_t kFieldCount = static_cast<std::size_t>(Field::Value) + 1;

class CSharpSyntax : public GrammarSyntax<NodeType, Field, kFieldCount> {
 public:
  explicit CSharpSyntax(const TSLanguage* language);
};

}  // namespace trellis::ingest::csharp
