#include "value/graph_access.hpp"

#include <variant>


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

PropertyKey resolve_property(std::string_view key) {
  PropertyKey resolved;
  if (key == "qualified_name") resolved.source = PropertyKey::Source::QualifiedName;
  if (key == "name") resolved.source = PropertyKey::Source::Name;
  const auto column = [](std::optional<std::size_t> index) {
    return index ? static_cast<std::int16_t>(*index) : PropertyKey::kAbsent;
  };
  for (std::size_t l = 0; l < kLabelCount; ++l) resolved.node_column[l] = column(property_index(static_cast<Label>(l), key));
  for (std::size_t t = 0; t < kRelTypeCount; ++t) resolved.rel_column[t] = column(property_index(static_cast<RelType>(t), key));
  return resolved;
}

Value node_property(const GraphStore& store, NodeId node, const PropertyKey& key) {
  switch (key.source) {
    case PropertyKey::Source::QualifiedName: return store.qualified_name(node);
    case PropertyKey::Source::Name: return store.name(node);
    case PropertyKey::Source::Column: break;
  }
  const Label label = store.label(node);
  const std::int16_t column = key.node_column[index_of(label)];
  if (column == PropertyKey::kAbsent) return {};
  // Straight off the typed column (what store.property() reads, without
  // finding the label twice more and going through a PropertyValue).
  const std::size_t row = node - store.nodes(label).begin;
  const Column& values = store.columns(label)[static_cast<std::size_t>(column)];
  if (const auto* ints = std::get_if<IntColumn>(&values)) {
    const std::int32_t v = ints->values[row];
    return v == kNullInt ? Value() : Value(std::int64_t{v});
  }
  if (const auto* strings = std::get_if<StringColumn>(&values)) {
    const StringId id = strings->values[row];
    return id == kNullString ? Value() : Value(store.strings().get(id));
  }
  return from_property(store.property(node, static_cast<std::size_t>(column)));
}

Value rel_property(const GraphStore& store, const RelRef& rel, const PropertyKey& key) {
  const std::int16_t column = key.rel_column[index_of(rel.type)];
  if (column == PropertyKey::kAbsent) return {};
  return from_property(store.edge_property(rel.type, rel.position(store), static_cast<std::size_t>(column)));
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
