#include "trellis/embeddings/embedding_text.hpp"

#include <xxhash.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <variant>

namespace trellis::embeddings {
namespace {

inline constexpr Label kEmbeddedLabels[] = {Label::Class, Label::Interface, Label::Function, Label::Method};

std::string_view string_property(const GraphStore& store, NodeId node, std::string_view name) {
  const PropertyValue value = store.property(node, name);
  const auto* text = std::get_if<std::string_view>(&value);
  return text == nullptr ? std::string_view{} : *text;
}

int int_property(const GraphStore& store, NodeId node, std::string_view name) {
  const PropertyValue value = store.property(node, name);
  const auto* number = std::get_if<std::int64_t>(&value);
  return number == nullptr ? 0 : static_cast<int>(*number);
}

// Whole lines of `text` while they fit in max_chars; at least the first, cut.
std::string capped(std::string_view text, std::size_t max_chars) {
  if (text.size() <= max_chars) return std::string(text);
  const std::size_t cut = text.rfind('\n', max_chars == 0 ? 0 : max_chars - 1);
  return std::string(text.substr(0, cut == std::string_view::npos ? max_chars : cut + 1));
}

}  // namespace

std::vector<NodeText> embedding_texts(const GraphStore& store, const queries::SourceReader& sources,
                                      std::size_t max_chars) {
  // Definitions by file, so that each file is read once.
  std::map<std::string_view, std::vector<NodeId>> by_file;
  std::vector<NodeId> nodes;
  for (const Label label : kEmbeddedLabels) {
    const NodeRange range = store.nodes(label);
    for (NodeId node = range.begin; node < range.end; ++node) {
      nodes.push_back(node);
      by_file[string_property(store, node, "file_path")].push_back(node);
    }
  }
  std::sort(nodes.begin(), nodes.end());
  std::vector<std::string> texts(store.node_count());
  for (const auto& [file, defined] : by_file) {
    auto whole = file.empty() ? Result<std::string>(make_error(ErrorCode::InvalidArgument, "no file"))
                              : sources.read_file(file);
    for (const NodeId node : defined) {
      if (whole.ok()) {
        const int first = int_property(store, node, "line_start");
        const int last = int_property(store, node, "line_end");
        texts[node] = capped(queries::slice_lines(*whole, first, last, last - first + 1).text, max_chars);
      } else {
        std::string text = store.qualified_name(node);
        const std::string_view docstring = string_property(store, node, "docstring");
        if (!docstring.empty()) text += "\n" + std::string(docstring);
        texts[node] = capped(text, max_chars);
      }
    }
  }
  std::vector<NodeText> out;
  out.reserve(nodes.size());
  for (const NodeId node : nodes) out.push_back({node, std::move(texts[node])});
  return out;
}

std::uint64_t text_hash(std::string_view text) { return XXH3_64bits(text.data(), text.size()); }

}  // namespace trellis::embeddings
