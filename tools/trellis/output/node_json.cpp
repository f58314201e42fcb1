#include "trellis/output/node_json.hpp"

namespace trellis::output {

Json property_json(const PropertyValue& value) {
  struct ToJson {
    Json operator()(std::monostate) const { return nullptr; }
    Json operator()(std::int64_t v) const { return v; }
    Json operator()(bool v) const { return v; }
    Json operator()(std::string_view v) const { return std::string(v); }
    Json operator()(const std::vector<std::string_view>& items) const {
      Json list = Json::array();
      for (const std::string_view item : items) list.push_back(std::string(item));
      return list;
    }
  };
  return std::visit(ToJson{}, value);
}

Json node_json(const GraphStore& store, NodeId node) {
  Json object = node_key_json(store, node);
  object["name"] = std::string(store.name(node));
  object["node_id"] = store.node_id(node);
  const auto& properties = label_def(store.label(node)).properties;
  for (std::size_t c = 0; c < properties.size(); ++c) {
    const PropertyValue value = store.property(node, c);
    if (!is_null(value)) object[std::string(properties[c].name)] = property_json(value);
  }
  return object;
}

Json node_key_json(const GraphStore& store, NodeId node) {
  return {{"label", std::string(to_string(store.label(node)))},
          {"qualified_name", store.qualified_name(node)}};
}

}  // namespace trellis::output
