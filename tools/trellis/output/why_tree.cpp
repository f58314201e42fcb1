#include "trellis/output/why_tree.hpp"

#include <fmt/format.h>

namespace trellis::output {
namespace {

using queries::WhyEntry;
using queries::WhyTree;

// "path:line", or "" for a node without a file.
std::string where(const GraphStore& store, NodeId node) {
  const PropertyValue file = store.property(node, "file_path");
  const auto* path = std::get_if<std::string_view>(&file);
  if (path == nullptr || path->empty()) return "";
  const PropertyValue line = store.property(node, "line_start");
  const auto* number = std::get_if<std::int64_t>(&line);
  return number != nullptr ? fmt::format("  {}:{}", *path, *number) : fmt::format("  {}", *path);
}

// "name [EDGE via member]  path:line"
std::string entry_line(const GraphStore& store, const WhyEntry& entry) {
  std::string line = store.qualified_name(entry.node);
  line += fmt::format("  [{}", to_string(entry.edge));
  if (entry.through != kNoNode) line += fmt::format(" {}", store.name(entry.through));
  line += "]";
  return line + where(store, entry.node);
}

void branch(const GraphStore& store, const WhyTree& tree, const std::vector<std::vector<int>>& children, int at,
            const std::string& indent, std::string& text) {
  const auto& list = children[static_cast<std::size_t>(at)];
  for (std::size_t i = 0; i < list.size(); ++i) {
    const bool last = i + 1 == list.size();
    const WhyEntry& entry = tree.entries[static_cast<std::size_t>(list[i])];
    text += indent + (last ? "└── " : "├── ") + entry_line(store, entry) + "\n";
    branch(store, tree, children, list[i], indent + (last ? "    " : "│   "), text);
  }
}

void section(const GraphStore& store, const WhyTree& tree, std::string_view heading, std::string& text) {
  text += fmt::format("{} ({} node{}, {} direct, depth {}{})\n", heading, tree.entries.size(),
                      tree.entries.size() == 1 ? "" : "s", tree.direct, tree.max_depth,
                      tree.truncated ? "; cut at the node cap" : "");
  if (tree.entries.empty()) {
    text += "    (none)\n";
    return;
  }
  const auto children = why_children(tree);
  branch(store, tree, children, static_cast<int>(tree.entries.size()), "", text);
}

}  // namespace

std::vector<std::vector<int>> why_children(const WhyTree& tree) {
  std::vector<std::vector<int>> children(tree.entries.size() + 1);
  for (std::size_t i = 0; i < tree.entries.size(); ++i) {
    const int parent = tree.entries[i].parent;
    children[parent < 0 ? tree.entries.size() : static_cast<std::size_t>(parent)].push_back(static_cast<int>(i));
  }
  return children;
}

std::string render_why_tree(const GraphStore& store, const queries::WhyResult& result) {
  std::string text = fmt::format("{} ({}){}\n", store.qualified_name(result.node), to_string(store.label(result.node)),
                                 where(store, result.node));
  section(store, result.upstream, "upstream: what depends on it", text);
  section(store, result.downstream, "downstream: what it depends on", text);
  return text;
}

}  // namespace trellis::output
