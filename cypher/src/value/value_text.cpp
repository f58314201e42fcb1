#include "trellis/cypher/value/value_text.hpp"

#include <fmt/format.h>

#include <cmath>

namespace trellis::cypher {

std::string float_text(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  std::string text = fmt::format("{}", value);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

namespace {

std::string quoted(const GraphStore& store, const Value& value) {
  if (value.kind() == ValueKind::String) return fmt::format("'{}'", value.as_string());
  return display_text(store, value);
}

std::string node_text(const GraphStore& store, NodeId node) {
  return fmt::format("(:{} {})", to_string(store.label(node)), store.qualified_name(node));
}

std::string rel_text(const GraphStore& store, const RelRef& rel) {
  return fmt::format("[:{} {}->{}]", to_string(rel.type), store.qualified_name(rel.from),
                     store.qualified_name(rel.to));
}

}  // namespace

std::string display_text(const GraphStore& store, const Value& value) {
  switch (value.kind()) {
    case ValueKind::Null: return "null";
    case ValueKind::Bool: return value.as_bool() ? "true" : "false";
    case ValueKind::Int: return std::to_string(value.as_int());
    case ValueKind::Float: return float_text(value.as_float());
    case ValueKind::String: return value.as_string();
    case ValueKind::Node: return node_text(store, value.as_node().id);
    case ValueKind::Relationship: return rel_text(store, value.as_rel());
    case ValueKind::List: {
      std::string out = "[";
      for (const Value& item : value.as_list()) {
        if (out.size() > 1) out += ", ";
        out += quoted(store, item);
      }
      return out + "]";
    }
    case ValueKind::Map: {
      std::string out = "{";
      for (const auto& [key, item] : value.as_map()) {
        if (out.size() > 1) out += ", ";
        out += fmt::format("{}: {}", key, quoted(store, item));
      }
      return out + "}";
    }
    case ValueKind::Path: {
      const PathValue& path = value.as_path();
      std::string out = node_text(store, path.nodes.front());
      for (std::size_t i = 0; i < path.rels.size(); ++i) {
        const bool forward = path.rels[i].from == path.nodes[i];
        out += fmt::format("{}[:{}]{}{}", forward ? "-" : "<-", to_string(path.rels[i].type), forward ? "->" : "-",
                           node_text(store, path.nodes[i + 1]));
      }
      return out;
    }
  }
  return "";
}

}  // namespace trellis::cypher
