#include "trellis/formats/mermaid.hpp"

#include <fmt/format.h>

#include "trellis/formats/module_clusters.hpp"

namespace trellis::formats {
namespace {

// Text inside a Mermaid ["..."] label: quotes and markup characters as
// entity codes, line breaks as spaces.
std::string label_text(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "#quot;";
        break;
      case '<':
        out += "#lt;";
        break;
      case '>':
        out += "#gt;";
        break;
      case '#':
        out += "#35;";
        break;
      case '\n':
      case '\r':
        out += ' ';
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string_view arrow(RelType type) {
  switch (type) {
    case RelType::Calls: return "-->";
    case RelType::Imports: return "-.->";
    case RelType::Inherits:
    case RelType::Implements: return "==>";
    case RelType::Defines:
    case RelType::Contains: return "---";
  }
  return "-->";
}

}  // namespace

std::string graph_mermaid(const GraphView& view) {
  const GraphStore& store = *view.store;
  std::string out = "flowchart LR\n";
  std::size_t cluster_number = 0;
  for (const ModuleCluster& cluster : module_clusters(store, view.nodes)) {
    const bool grouped = cluster.module != kNoNode;
    if (grouped) out += fmt::format("  subgraph c{}[\"{}\"]\n", cluster_number++, label_text(store.qualified_name(cluster.module)));
    for (const NodeId node : cluster.nodes) {
      out += fmt::format("{}n{}[\"{}\"]\n", grouped ? "    " : "  ", node, label_text(store.name(node)));
    }
    if (grouped) out += "  end\n";
  }
  for (const queries::SubgraphEdge& e : view.edges) {
    out += fmt::format("  n{} {}|{}| n{}\n", e.source, arrow(e.type), to_string(e.type), e.target);
  }
  for (const queries::OmittedNeighbours& omitted : view.omitted) {
    out += fmt::format("  more{}[\"+{} more\"]:::more\n  n{} -.- more{}\n", omitted.node, omitted.count, omitted.node,
                       omitted.node);
  }
  if (!view.omitted.empty()) out += "  classDef more fill:none,stroke-dasharray:3 3\n";
  return out;
}

}  // namespace trellis::formats
