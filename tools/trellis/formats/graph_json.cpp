#include "trellis/formats/graph_json.hpp"

#include "trellis/output/node_json.hpp"

namespace trellis::formats {

output::Json graph_json(const GraphView& view) {
  const GraphStore& store = *view.store;
  output::Json nodes = output::Json::array();
  for (const NodeId node : view.nodes) nodes.push_back(output::node_json(store, node));
  output::Json relationships = output::Json::array();
  for (const auto& [type, source, target, edge] : view.edges) {
    output::Json relationship = {{"type", std::string(to_string(type))},
                                 {"from", output::node_key_json(store, source)},
                                 {"to", output::node_key_json(store, target)}};
    const auto& properties = rel_type_def(type).properties;
    for (std::size_t c = 0; c < properties.size(); ++c) {
      const PropertyValue value = store.edge_property(type, edge, c);
      if (!is_null(value)) relationship[std::string(properties[c].name)] = output::property_json(value);
    }
    relationships.push_back(std::move(relationship));
  }
  output::Json document = {{"nodes", std::move(nodes)}, {"relationships", std::move(relationships)}};
  if (!view.omitted.empty()) {
    output::Json omitted = output::Json::array();
    for (const queries::OmittedNeighbours& o : view.omitted) {
      omitted.push_back({{"node", output::node_key_json(store, o.node)}, {"count", o.count}});
    }
    document["omitted"] = std::move(omitted);
  }
  return document;
}

}  // namespace trellis::formats
