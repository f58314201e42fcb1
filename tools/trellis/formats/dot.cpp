#include "trellis/formats/dot.hpp"

#include <fmt/format.h>

#include "trellis/store/for_each_edge.hpp"

namespace trellis::formats {
namespace {

// A DOT double-quoted string.
std::string dot_quoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c != '\r') {
      out += c;
    }
  }
  return out + '"';
}

std::string node_id(const GraphStore& store, NodeId node) {
  return dot_quoted(fmt::format("{}:{}", to_string(store.label(node)), store.qualified_name(node)));
}

// The edge's label: its type, then CALLS' call_type and line when set.
std::string edge_label(const GraphStore& store, RelType type, EdgePos edge) {
  std::string label(to_string(type));
  const auto& properties = rel_type_def(type).properties;
  for (std::size_t c = 0; c < properties.size(); ++c) {
    const PropertyValue value = store.edge_property(type, edge, c);
    if (const auto* text = std::get_if<std::string_view>(&value))
      label += fmt::format(" {}", *text);
    if (const auto* number = std::get_if<std::int64_t>(&value))
      label += fmt::format(" @{}", *number);
  }
  return label;
}

}  // namespace

std::string graph_dot(const GraphStore& store) {
  std::string out =
      "digraph trellis {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\"];\n";
  for (NodeId node = 0; node < store.node_count(); ++node) {
    out +=
        fmt::format("  {} [label={}, tooltip={}];\n", node_id(store, node),
                    dot_quoted(fmt::format("{}\n{}", to_string(store.label(node)), store.name(node))),
                    dot_quoted(store.qualified_name(node)));
  }
  for_each_edge(store, [&](RelType type, NodeId source, NodeId target, EdgePos edge) {
    out += fmt::format("  {} -> {} [label={}];\n", node_id(store, source), node_id(store, target),
                       dot_quoted(edge_label(store, type, edge)));
  });
  out += "}\n";
  return out;
}

}  // namespace trellis::formats
