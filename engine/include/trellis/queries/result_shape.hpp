// The shape of an answer's `results`, declared beside a query's parameters
// (query_catalog.hpp) and each MCP tool's, so that the MCP server's
// outputSchema comes from the same declaration as its inputSchema. Members
// are declared with their JSON types; an object may carry members beyond
// those declared (a node with the fields asked for, say), so a schema built
// from a shape checks what is declared and tolerates the rest.
#pragma once

#include <span>
#include <string_view>

namespace trellis::queries {

enum class Shape {
  String,
  Integer,
  Number,
  Boolean,
  Node,    // a node object: label and qualified_name, then name, file_path, line_start, line_end, depth, ...
  Object,  // an object with the members declared in `members`
  Map,     // an object keyed by names (qualified names, relationship types, column names)
};

struct ResultField {
  std::string_view name;
  Shape shape = Shape::String;
  int list = 0;           // 0: one value; 1: an array of them; 2: an array of arrays
  bool nullable = false;  // null where there is no value
  bool optional = false;  // absent from some answers
  std::span<const ResultField> members;  // Object: its members
};

// Declarations read as sentences: field("found", Shape::Boolean),
// list("callers", Shape::Node), object("budget", kBudget), nullable(...).
constexpr ResultField field(std::string_view name, Shape shape) { return {name, shape, 0, false, false, {}}; }
constexpr ResultField list(std::string_view name, Shape shape, int depth = 1) {
  return {name, shape, depth, false, false, {}};
}
constexpr ResultField object(std::string_view name, std::span<const ResultField> members, int depth = 0) {
  return {name, Shape::Object, depth, false, false, members};
}
constexpr ResultField nullable(ResultField f) {
  f.nullable = true;
  return f;
}
constexpr ResultField optional(ResultField f) {
  f.optional = true;
  return f;
}

}  // namespace trellis::queries
