// The C++ grammar's node types and fields the extractor reads, resolved to
// tree-sitter ids once (extract/grammar_syntax.hpp) so per-node tests are
// integer compares.
#pragma once

#include <cstdint>

#include "extract/grammar_syntax.hpp"

namespace trellis::ingest::cpp {

// Node types by name; Other for every type the extractor does not test.
enum class NodeType : std::uint8_t {
  Other,
  Identifier,
  TypeIdentifier,
  FieldIdentifier,
  NamespaceIdentifier,
  PrimitiveType,
  SizedTypeSpecifier,
  This,
  Auto,
  PlaceholderType,
  NamespaceDefinition,
  NestedNamespaceSpecifier,
  ClassSpecifier,
  StructSpecifier,
  UnionSpecifier,
  EnumSpecifier,
  BaseClassClause,
  FieldDeclarationList,
  FieldDeclaration,
  AccessSpecifier,
  FunctionDefinition,
  Declaration,
  TemplateDeclaration,
  LinkageSpecification,
  DeclarationList,
  FunctionDeclarator,
  PointerDeclarator,
  ReferenceDeclarator,
  InitDeclarator,
  ArrayDeclarator,
  ParenthesizedDeclarator,
  AttributedDeclarator,
  QualifiedIdentifier,
  DestructorName,
  OperatorName,
  TemplateType,
  TemplateFunction,
  TemplateMethod,
  TemplateArgumentList,
  TypeDescriptor,
  ParameterDeclaration,
  OptionalParameterDeclaration,
  VariadicParameterDeclaration,
  StorageClassSpecifier,
  Virtual,
  VirtualSpecifier,
  CallExpression,
  FieldExpression,
  NewExpression,
  ArgumentList,
  InitializerList,
  ParenthesizedExpression,
  PointerExpression,
  CastExpression,
  SubscriptExpression,
  StringLiteral,
  RawStringLiteral,
  CharLiteral,
  NumberLiteral,
  True,
  False,
  ForRangeLoop,
  LambdaExpression,
  UsingDeclaration,
  AliasDeclaration,
  TypeDefinition,
  PreprocInclude,
  PreprocDef,
  PreprocFunctionDef,
  FriendDeclaration,
  Namespace,
  Inline,
  CompoundStatement,
  SystemLibString,
  DependentType,
  Decltype,
  TypeQualifier,
  AbstractPointerDeclarator,
  AbstractReferenceDeclarator,
  ConditionClause,
  FieldInitializer,
  TemplateParameterList,
  BinaryExpression,
  UnaryExpression,
  UpdateExpression,
  AssignmentExpression,
  SubscriptArgumentList,
};

enum class Field : std::uint8_t {
  Arguments,
  Body,
  Declarator,
  DefaultValue,
  Field,
  Function,
  Name,
  Parameters,
  Path,
  Right,
  Scope,
  Type,
  Value,
  Argument,
  Left,
  Operator,
  Indices,
};
inline constexpr std::size_t kFieldCount = static_cast<std::size_t>(Field::Indices) + 1;

class CppSyntax : public GrammarSyntax<NodeType, Field, kFieldCount> {
 public:
  explicit CppSyntax(const TSLanguage* language);
};

}  // namespace trellis::ingest::cpp
