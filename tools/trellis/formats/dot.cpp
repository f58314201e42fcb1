#include "trellis/formats/dot.hpp"

#include <fmt/format.h>

#include "trellis/formats/module_clusters.hpp"

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

std::string_view node_style(Label label) {
  switch (label) {
    case Label::Project: return "shape=house";
    case Label::Package: return "shape=tab";
    case Label::ExternalPackage: return "shape=component, color=gray50";
    case Label::Module: return "shape=folder";
    case Label::Interface: return "shape=box, style=\"dashed\"";
    case Label::Class: return "shape=box, style=\"filled\", fillcolor=\"#eef2ff\"";
    case Label::Function:
    case Label::Method: return "shape=box, style=\"rounded\"";
  }
  return "shape=box";
}

std::string_view edge_style(RelType type) {
  switch (type) {
    case RelType::Calls: return "";
    case RelType::Inherits: return ", arrowhead=empty";
    case RelType::Implements: return ", arrowhead=empty, style=dashed";
    case RelType::Imports: return ", style=dotted";
    case RelType::Defines: return ", color=gray50, fontcolor=gray50";
    case RelType::Contains: return ", color=gray75, fontcolor=gray75";
  }
  return "";
}

// The edge's label: its type, then CALLS' call_type and line when set.
std::string edge_label(const GraphStore& store, RelType type, EdgePos edge) {
  std::string label(to_string(type));
  const auto& properties = rel_type_def(type).properties;
  for (std::size_t c = 0; c < properties.size(); ++c) {
    const PropertyValue value = store.edge_property(type, edge, c);
    if (const auto* text = std::get_if<std::string_view>(&value)) label += fmt::format(" {}", *text);
    if (const auto* number = std::get_if<std::int64_t>(&value)) label += fmt::format(" @{}", *number);
  }
  return label;
}

void append_node(const GraphStore& store, NodeId node, std::string_view indent, std::string& out) {
  out += fmt::format("{}{} [label={}, tooltip={}, {}];\n", indent, node_id(store, node), dot_quoted(store.name(node)),
                     dot_quoted(fmt::format("{} {}", to_string(store.label(node)), store.qualified_name(node))),
                     node_style(store.label(node)));
}

}  // namespace

std::string graph_dot(const GraphView& view) {
  const GraphStore& store = *view.store;
  std::string out = "digraph trellis {\n  rankdir=LR;\n  node [fontname=\"Helvetica\"];\n  edge [fontname=\"Helvetica\", fontsize=10];\n";
  std::size_t cluster_number = 0;
  for (const ModuleCluster& cluster : module_clusters(store, view.nodes)) {
    if (cluster.module == kNoNode) {
      for (const NodeId node : cluster.nodes) append_node(store, node, "  ", out);
      continue;
    }
    out += fmt::format("  subgraph cluster_{} {{\n    label={};\n    style=\"rounded\";\n    color=gray70;\n",
                       cluster_number++, dot_quoted(store.qualified_name(cluster.module)));
    for (const NodeId node : cluster.nodes) append_node(store, node, "    ", out);
    out += "  }\n";
  }
  for (const queries::SubgraphEdge& e : view.edges) {
    out += fmt::format("  {} -> {} [label={}{}];\n", node_id(store, e.source), node_id(store, e.target),
                       dot_quoted(edge_label(store, e.type, e.edge)), edge_style(e.type));
  }
  for (const queries::OmittedNeighbours& omitted : view.omitted) {
    const std::string marker = dot_quoted(fmt::format("more:{}:{}", to_string(store.label(omitted.node)),
                                                      store.qualified_name(omitted.node)));
    out += fmt::format("  {} [label=\"+{} more\", shape=plaintext, fontcolor=gray40];\n", marker, omitted.count);
    out += fmt::format("  {} -> {} [style=dashed, color=gray60, arrowhead=none];\n", node_id(store, omitted.node), marker);
  }
  out += "}\n";
  return out;
}

}  // namespace trellis::formats
