// Reading one property of a node where a query needs a plain value: 0 or ""
// when the node has none (a crafted graph may leave any property out).
#pragma once

#include <cstdint>
#include <string_view>
#include <variant>

#include "trellis/store/graph_store.hpp"

namespace trellis::queries {

inline std::int64_t int_property(const GraphStore& store, NodeId node, std::string_view name) {
  const PropertyValue value = store.property(node, name);
  const auto* number = std::get_if<std::int64_t>(&value);
  return number != nullptr ? *number : 0;
}

inline int line_property(const GraphStore& store, NodeId node, std::string_view name) {
  return static_cast<int>(int_property(store, node, name));
}

inline std::string_view text_property(const GraphStore& store, NodeId node, std::string_view name) {
  const PropertyValue value = store.property(node, name);
  const auto* text = std::get_if<std::string_view>(&value);
  return text != nullptr ? *text : std::string_view{};
}

}  // namespace trellis::queries
