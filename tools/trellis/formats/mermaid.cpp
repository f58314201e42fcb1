#include "trellis/formats/mermaid.hpp"

#include <fmt/format.h>

#include "trellis/store/for_each_edge.hpp"

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

}  // namespace

std::string graph_mermaid(const GraphStore& store) {
  std::string out = "flowchart LR\n";
  for (NodeId node = 0; node < store.node_count(); ++node) {
    out += fmt::format("  n{}[\"{}: {}\"]\n", node, to_string(store.label(node)),
                       label_text(store.qualified_name(node)));
  }
  for_each_edge(store, [&](RelType type, NodeId source, NodeId target, EdgePos) {
    out += fmt::format("  n{} -->|{}| n{}\n", source, to_string(type), target);
  });
  return out;
}

}  // namespace trellis::formats
