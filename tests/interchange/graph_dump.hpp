// A canonical text of a whole graph (every node with its id, label, names and
// properties; every edge with its properties, in forward order), for tests
// that compare graphs.
#pragma once

#include <fmt/format.h>

#include <string>

#include "trellis/store/graph_store.hpp"

namespace trellis::testing {

inline std::string show(const PropertyValue& value) {
  struct Show {
    std::string operator()(std::monostate) const { return "null"; }
    std::string operator()(std::int64_t v) const { return std::to_string(v); }
    std::string operator()(bool v) const { return v ? "true" : "false"; }
    std::string operator()(std::string_view v) const { return fmt::format("'{}'", v); }
    std::string operator()(const std::vector<std::string_view>& items) const {
      std::string out = "[";
      for (const auto item : items) out += fmt::format("'{}';", item);
      return out + "]";
    }
  };
  return std::visit(Show{}, value);
}

inline std::string dump_graph(const GraphStore& g) {
  std::string out;
  for (NodeId n = 0; n < g.node_count(); ++n) {
    const LabelDef& def = label_def(g.label(n));
    out += fmt::format("{} {} '{}' '{}'", n, def.name, g.qualified_name(n), g.name(n));
    for (std::size_t c = 0; c < def.properties.size(); ++c) {
      out += fmt::format(" {}={}", def.properties[c].name, show(g.property(n, c)));
    }
    out += '\n';
  }
  for (const RelTypeDef& def : all_rel_types()) {
    for (NodeId n = 0; n < g.node_count(); ++n) {
      const auto targets = g.out(def.type, n);
      for (std::size_t i = 0; i < targets.size(); ++i) {
        out += fmt::format("{} {} -> {}", def.name, n, targets[i]);
        const EdgePos edge = g.out_edge_position(def.type, n, i);
        for (std::size_t c = 0; c < def.properties.size(); ++c) {
          out += fmt::format(" {}={}", def.properties[c].name,
                             show(g.edge_property(def.type, edge, c)));
        }
        out += '\n';
      }
    }
  }
  return out;
}

}  // namespace trellis::testing
