// The Python grammar's node types and fields the extractor reads, resolved
// to tree-sitter ids once per language so that per-node tests are integer
// compares instead of string compares and name lookups.
#pragma once

#include <cstdint>
#include <string_view>

#include "extract/grammar_syntax.hpp"
#include "trellis/ingest/file_facts.hpp"

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
  PatternList,
  TuplePattern,
  ListPattern,
  ExpressionList,
  ListSplat,
  Pair,
  Slice,
  Lambda,
  DefaultParameter,
  TypedDefaultParameter,
  KeywordArgument,
  AsPattern,
  Assignment,
  Await,
  DictionarySplat,
  UnaryOperator,
  ComparisonOperator,
  AugmentedAssignment,
  DeleteStatement,
  ElifClause,
  ElseClause,
  Block,
  BreakStatement,
};

enum class Field : std::uint8_t {
  Alias,
  Alternative,
  Argument,
  Arguments,
  Attribute,
  Body,
  Condition,
  Consequence,
  Definition,
  Function,
  Key,
  Left,
  ModuleName,
  Name,
  Object,
  Operator,
  Parameters,
  ReturnType,
  Right,
  Subscript,
  Type,
  Value,
};
inline constexpr std::size_t kFieldCount = static_cast<std::size_t>(Field::Value) + 1;

class PythonSyntax : public GrammarSyntax<NodeType, Field, kFieldCount> {
 public:
  explicit PythonSyntax(const TSLanguage* language);
};

// A dotted name written as text ("models.Repo") as a link chain; a single
// Opaque link when a part is no identifier. The extractor reads string
// annotations with it, the resolver decorators.
LinkChain dotted_links(std::string_view text);

// The dunder method an operator runs on its left operand: "+" -> "__add__",
// "<" -> "__lt__"; empty for one without (`is`, `and`).
std::string_view binary_method(std::string_view op);
std::string_view comparison_method(std::string_view op);
// The binary method an in-place one falls back to: "__iadd__" -> "__add__";
// empty for any other name.
std::string_view binary_of_inplace(std::string_view method);

}  // namespace trellis::ingest::python
