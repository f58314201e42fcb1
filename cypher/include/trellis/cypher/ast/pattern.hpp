// Graph patterns (issue 5, "Patterns"): what MATCH, OPTIONAL MATCH and
// pattern predicates match.
//
//   p = (a:Function|Method {name: 'x'})-[r:CALLS*1..3]->(b)
//   ^ path variable   ^ NodePattern   ^ RelationshipPattern
//
// A PatternElement is a chain: a start node and (relationship, node) steps.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "trellis/cypher/ast/expression.hpp"
#include "trellis/cypher/ast/source_position.hpp"

namespace trellis::cypher::ast {

// Node labels: each entry must hold (`:A:B` is [[A], [B]]); within an
// entry, any alternative may (`:A|B` is [[A, B]]). Empty: any label.
using LabelExpression = std::vector<std::vector<Name>>;

struct NodePattern {
  std::optional<Name> variable;
  LabelExpression labels;
  // {key: value, ...} (a MapLiteral) or a Parameter; absent when not written.
  std::optional<Expression> properties;
  SourcePosition position;  // the '('
};

enum class Direction : std::uint8_t {
  Outgoing,    // (a)-[]->(b)
  Incoming,    // (a)<-[]-(b)
  Undirected,  // (a)-[]-(b)  (either direction)
};

// `*` lengths: `*` {}, `*2` {2, 2}, `*1..3` {1, 3}, `*..3` {-, 3}, `*2..` {2, -}.
// A missing bound is decided by the planner (min 1, max the configured cap).
struct VariableLength {
  std::optional<std::uint64_t> min;
  std::optional<std::uint64_t> max;
};

struct RelationshipPattern {
  std::optional<Name> variable;
  std::vector<Name> types;               // alternatives (`:CALLS|IMPORTS`); empty: any type
  std::optional<VariableLength> length;  // absent: exactly one hop
  std::optional<Expression> properties;  // as in NodePattern
  Direction direction = Direction::Undirected;
  SourcePosition position;  // the first '-' or '<'
};

struct PatternStep {
  RelationshipPattern relationship;
  NodePattern node;
};

struct PatternElement {
  NodePattern start;
  std::vector<PatternStep> steps;
};

enum class PathFunction : std::uint8_t { None, ShortestPath, AllShortestPaths };

// One comma-separated part of a MATCH: `[p =] [shortestPath(] element [)]`.
struct PatternPart {
  std::optional<Name> path_variable;
  PathFunction function = PathFunction::None;
  PatternElement element;
  SourcePosition position;
};

struct Pattern {
  std::vector<PatternPart> parts;  // at least one
};

}  // namespace trellis::cypher::ast
