#include "trellis/formats/graph_json.hpp"

#include "trellis/output/node_json.hpp"
#include "trellis/store/for_each_edge.hpp"

namespace trellis::formats {

output::Json graph_json(const GraphStore& store) {
  output::Json nodes = output::Json::array();
  for (NodeId node = 0; node < store.node_count(); ++node)
    nodes.push_back(output::node_json(store, node));
  output::Json relationships = output::Json::array();
  for_each_edge(store, [&](RelType type, NodeId source, NodeId target, EdgePos edge) {
    output::Json relationship = {{"type", std::string(to_string(type))},
                                 {"from", output::node_key_json(store, source)},
                                 {"to", output::node_key_json(store, target)}};
    const auto& properties = rel_type_def(type).properties;
    for (std::size_t c = 0; c < properties.size(); ++c) {
      const PropertyValue value = store.edge_property(type, edge, c);
      if (!is_null(value))
        relationship[std::string(properties[c].name)] = output::property_json(value);
    }
    relationships.push_back(std::move(relationship));
  });
  return {{"nodes", std::move(nodes)}, {"relationships", std::move(relationships)}};
}

}  // namespace trellis::formats
