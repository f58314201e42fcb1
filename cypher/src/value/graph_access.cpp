#include "value/graph_access.hpp"


namespace trellis::cypher {

Value node_property(const GraphStore& store, NodeId node, std::string_view key) {
  if (key == "qualified_name") return store.qualified_name(node);
  if (key == "name") return store.name(node);
  const auto column = property_index(store.label(node), key);
  if (!column) return {};
  return from_property(store.property(node, *column));
}

Value rel_property(const GraphStore& store, const RelRef& rel, std::string_view key) {
  const auto column = property_index(rel.type, key);
  if (!column) return {};
  return from_property(store.edge_property(rel.type, rel.position(store), *column));
}

ValueMap node_properties(const GraphStore& store, NodeId node) {
  ValueMap map;
  map.emplace_back("qualified_name", store.qualified_name(node));
  map.emplace_back("name", store.name(node));
  const auto& properties = label_def(store.label(node)).properties;
  for (std::size_t c = 0; c < properties.size(); ++c) {
    Value value = from_property(store.property(node, c));
    if (!value.is_null()) map.emplace_back(std::string(properties[c].name), std::move(value));
  }
  return map;
}

ValueMap rel_properties(const GraphStore& store, const RelRef& rel) {
  ValueMap map;
  const auto& properties = rel_type_def(rel.type).properties;
  for (std::size_t c = 0; c < properties.size(); ++c) {
    Value value = from_property(store.edge_property(rel.type, rel.position(store), c));
    if (!value.is_null()) map.emplace_back(std::string(properties[c].name), std::move(value));
  }
  return map;
}

}  // namespace trellis::cypher
