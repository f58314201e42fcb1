// Expressions of the read-only Cypher subset (issue 5, "Expressions").
//
// An Expression is a node kind (one alternative of Expression::Node) plus the
// position of its first character. Operators keep Cypher's precedence in the
// tree shape: the parser builds `a + b * c` as Add(a, Mul(b, c)); nothing
// here needs re-associating. Children are held by value through Box, so an
// Expression is a plain value: copyable, movable, comparable by printing
// (ast/printer.hpp).
//
// Pattern predicates (`(a)-[:CALLS]->()`, `exists((a)-->())`) and pattern
// subqueries (`COUNT { (a)-->() }`) hold a PatternElement from ast/pattern.hpp; this header includes it at its end.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "trellis/cypher/ast/box.hpp"
#include "trellis/cypher/ast/source_position.hpp"

namespace trellis::cypher::ast {

struct Expression;
struct PatternElement;  // ast/pattern.hpp

struct NullLiteral {};
struct BoolLiteral {
  bool value = false;
};
struct IntLiteral {
  std::int64_t value = 0;
};
struct FloatLiteral {
  double value = 0;
};
struct StringLiteral {
  std::string value;  // escapes already decoded
};
// [a, b, c]
struct ListLiteral {
  std::vector<Expression> items;
};
// {key: value, ...}; keys in written order, duplicates kept as written.
struct MapEntry;
struct MapLiteral {
  std::vector<MapEntry> entries;
};
// $name (or $0): looked up in the query's parameters at run time.
struct Parameter {
  std::string name;
};
// A variable bound by a pattern, WITH, UNWIND or a list comprehension.
struct Variable {
  std::string name;
};
// object.key
struct PropertyAccess {
  Box<Expression> object;
  Name key;
};
// name(args), name(DISTINCT args), count(*). `name` is as written (function
// names are case-insensitive in Cypher; the binder folds case).
struct FunctionCall {
  std::string name;
  bool distinct = false;
  bool star = false;  // count(*): `args` is empty
  std::vector<Expression> args;
};

enum class UnaryOp : std::uint8_t { Not, Negate, Plus };
struct UnaryExpression {
  UnaryOp op = UnaryOp::Not;
  Box<Expression> operand;
};

enum class BinaryOp : std::uint8_t {
  Or,
  Xor,
  And,
  Add,
  Subtract,
  Multiply,
  Divide,
  Modulo,
  Power,
  In,          // x IN list
  StartsWith,  // STARTS WITH
  EndsWith,    // ENDS WITH
  Contains,    // CONTAINS
  RegexMatch,  // =~ (whole-string match)
};
struct BinaryExpression {
  BinaryOp op = BinaryOp::And;
  Box<Expression> left;
  Box<Expression> right;
};

// A comparison chain: `a < b <= c` means `a < b AND b <= c` with b evaluated
// once. A single comparison has one link.
enum class ComparisonOp : std::uint8_t { Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual };
struct ComparisonLink;
struct Comparison {
  Box<Expression> first;
  std::vector<ComparisonLink> links;  // at least one
};

// x IS NULL, x IS NOT NULL
struct IsNull {
  Box<Expression> operand;
  bool negated = false;  // IS NOT NULL
};

// n:Label or n:A:B (each label must hold); in WHERE.
struct LabelPredicate {
  Box<Expression> operand;
  std::vector<Name> labels;
};

// CASE [subject] WHEN w THEN t ... [ELSE e] END. Without a subject each
// `when` is a predicate (generic form); with one, `when` is compared to it.
struct CaseAlternative;
struct CaseExpression {
  std::optional<Box<Expression>> subject;
  std::vector<CaseAlternative> alternatives;  // at least one
  std::optional<Box<Expression>> otherwise;   // ELSE
};

// list[index]
struct IndexExpression {
  Box<Expression> list;
  Box<Expression> index;
};
// list[from..to], either bound optional.
struct SliceExpression {
  Box<Expression> list;
  std::optional<Box<Expression>> from;
  std::optional<Box<Expression>> to;
};

// [variable IN list WHERE predicate | projection]; WHERE and projection
// optional. Without a projection the elements themselves are kept.
struct ListComprehension {
  Name variable;
  Box<Expression> list;
  std::optional<Box<Expression>> predicate;
  std::optional<Box<Expression>> projection;
};

// A relationship pattern used as a boolean, either bare
// (`WHERE (a)-[:CALLS]->()`) or as `exists((a)-[:CALLS]->())`: true when at
// least one match exists for the variables already bound.
struct PatternPredicate {
  Box<PatternElement> pattern;
};

// Neo4j 5's pattern subqueries: `EXISTS { [MATCH] pattern [WHERE predicate] }`
// (true when the pattern has a match) and `COUNT { ... }` (how many matches).
// The pattern may use the variables of the enclosing query and introduce its
// own, visible only inside the braces (in its WHERE).
enum class SubqueryKind : std::uint8_t { Exists, Count };
struct PatternSubquery {
  SubqueryKind kind = SubqueryKind::Exists;
  Box<PatternElement> pattern;
  std::optional<Box<Expression>> predicate;
};

struct Expression {
  using Node =
      std::variant<NullLiteral, BoolLiteral, IntLiteral, FloatLiteral, StringLiteral, ListLiteral,
                   MapLiteral, Parameter, Variable, PropertyAccess, FunctionCall, UnaryExpression,
                   BinaryExpression, Comparison, IsNull, LabelPredicate, CaseExpression,
                   IndexExpression, SliceExpression, ListComprehension, PatternPredicate,
                   PatternSubquery>;
  Node node;
  SourcePosition position;  // first character of the expression
};

struct MapEntry {
  Name key;
  Expression value;
};

struct ComparisonLink {
  ComparisonOp op = ComparisonOp::Equal;
  Expression operand;
};

struct CaseAlternative {
  Expression when;
  Expression then;
};

}  // namespace trellis::cypher::ast

// PatternPredicate needs PatternElement complete wherever an Expression is
// copied or destroyed; pattern.hpp includes this header first.
#include "trellis/cypher/ast/pattern.hpp"
