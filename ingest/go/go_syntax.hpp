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
  RangeClause,
  TypeSwitchStatement,
  ReceiveStatement,
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

// Calls visit(TSNode) for each child of `node` in `field`, in order (a
// field may hold several: `a, b int` names two), walking them with `cursor`
// (reset to `node`; `visit` must leave it alone).
template <class Visit>
void for_each_child_in_field(const GoSyntax& syntax, TSNode node, Field field, TSTreeCursor* cursor, Visit&& visit) {
  const TSFieldId id = syntax.field_id(field);
  if (id == 0 || ts_node_is_null(node)) return;
  ts_tree_cursor_reset(cursor, node);
  if (!ts_tree_cursor_goto_first_child(cursor)) return;
  do {
    if (ts_tree_cursor_current_field_id(cursor) == id) visit(ts_tree_cursor_current_node(cursor));
  } while (ts_tree_cursor_goto_next_sibling(cursor));
}

}  // namespace trellis::ingest::go
