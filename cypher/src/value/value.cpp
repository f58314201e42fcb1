#include "trellis/cypher/value/value.hpp"

namespace trellis::cypher {

std::string_view to_string(ValueKind kind) {
  switch (kind) {
    case ValueKind::Null: return "NULL";
    case ValueKind::Bool: return "BOOLEAN";
    case ValueKind::Int: return "INTEGER";
    case ValueKind::Float: return "FLOAT";
    case ValueKind::String: return "STRING";
    case ValueKind::List: return "LIST";
    case ValueKind::Map: return "MAP";
    case ValueKind::Node: return "NODE";
    case ValueKind::Relationship: return "RELATIONSHIP";
    case ValueKind::Path: return "PATH";
  }
  return "UNKNOWN";
}

const Value* Value::find(std::string_view key) const {
  for (const auto& [k, v] : as_map()) {
    if (k == key) return &v;
  }
  return nullptr;
}

Value from_property(const PropertyValue& value) {
  struct Convert {
    Value operator()(std::monostate) const { return {}; }
    Value operator()(std::int64_t v) const { return v; }
    Value operator()(bool v) const { return v; }
    Value operator()(std::string_view v) const { return v; }
    Value operator()(const std::vector<std::string_view>& items) const {
      ValueList list;
      list.reserve(items.size());
      for (const std::string_view item : items) list.emplace_back(item);
      return list;
    }
  };
  return std::visit(Convert{}, value);
}

}  // namespace trellis::cypher
