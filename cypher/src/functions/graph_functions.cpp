// labels, type, keys, properties, length, nodes, relationships, startNode,
// endNode.
#include <fmt/format.h>

#include "executor/runtime_error.hpp"
#include "functions/function_registry.hpp"
#include "value/graph_access.hpp"

namespace trellis::cypher {
namespace {

using Args = std::span<const Value>;

[[noreturn]] void wrong(std::string_view function, std::string_view expected, const Value& v) {
  fail(ErrorCode::InvalidArgument, fmt::format("{}() expects {} but got {}", function, expected, to_string(v.kind())));
}

Value labels(const GraphStore& store, Args a) {
  if (a[0].is_null()) return {};
  if (a[0].kind() != ValueKind::Node) wrong("labels", "a node", a[0]);
  return ValueList{Value(to_string(store.label(a[0].as_node().id)))};
}

Value type(const GraphStore&, Args a) {
  if (a[0].is_null()) return {};
  if (a[0].kind() != ValueKind::Relationship) wrong("type", "a relationship", a[0]);
  return to_string(a[0].as_rel().type);
}

ValueMap properties_of(const GraphStore& store, std::string_view function, const Value& v) {
  switch (v.kind()) {
    case ValueKind::Node: return node_properties(store, v.as_node().id);
    case ValueKind::Relationship: return rel_properties(store, v.as_rel());
    case ValueKind::Map: return v.as_map();
    default: wrong(function, "a node, a relationship or a map", v);
  }
}

Value keys(const GraphStore& store, Args a) {
  if (a[0].is_null()) return {};
  ValueList names;
  for (auto& [key, value] : properties_of(store, "keys", a[0])) names.emplace_back(key);
  return names;
}

Value properties(const GraphStore& store, Args a) {
  if (a[0].is_null()) return {};
  return properties_of(store, "properties", a[0]);
}

Value length(const GraphStore&, Args a) {
  switch (a[0].kind()) {
    case ValueKind::Null: return {};
    case ValueKind::Path: return static_cast<std::int64_t>(a[0].as_path().rels.size());
    case ValueKind::String: return static_cast<std::int64_t>(a[0].as_string().size());
    case ValueKind::List: return static_cast<std::int64_t>(a[0].as_list().size());
    default: wrong("length", "a path", a[0]);
  }
}

Value nodes(const GraphStore&, Args a) {
  if (a[0].is_null()) return {};
  if (a[0].kind() != ValueKind::Path) wrong("nodes", "a path", a[0]);
  ValueList list;
  for (const NodeId node : a[0].as_path().nodes) list.emplace_back(NodeRef{node});
  return list;
}

Value relationships(const GraphStore&, Args a) {
  if (a[0].is_null()) return {};
  if (a[0].kind() != ValueKind::Path) wrong("relationships", "a path", a[0]);
  ValueList list;
  for (const RelRef& rel : a[0].as_path().rels) list.emplace_back(rel);
  return list;
}

Value start_node(const GraphStore&, Args a) {
  if (a[0].is_null()) return {};
  if (a[0].kind() != ValueKind::Relationship) wrong("startNode", "a relationship", a[0]);
  return NodeRef{a[0].as_rel().from};
}

Value end_node(const GraphStore&, Args a) {
  if (a[0].is_null()) return {};
  if (a[0].kind() != ValueKind::Relationship) wrong("endNode", "a relationship", a[0]);
  return NodeRef{a[0].as_rel().to};
}

constexpr FunctionDef kGraphFunctions[] = {
    {"labels", 1, 1, labels},   {"type", 1, 1, type},
    {"keys", 1, 1, keys},       {"properties", 1, 1, properties},
    {"length", 1, 1, length},   {"nodes", 1, 1, nodes},
    {"relationships", 1, 1, relationships}, {"startNode", 1, 1, start_node},
    {"endNode", 1, 1, end_node},
};

}  // namespace

std::span<const FunctionDef> graph_functions() { return kGraphFunctions; }

}  // namespace trellis::cypher
