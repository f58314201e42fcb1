// What a declaration says about itself: modifiers, attributes, where it
// starts, its documentation, parameters and base list.
#include <string>

#include "csharp_reader.hpp"
#include "extract/tree_sitter_handles.hpp"

namespace trellis::ingest::csharp {
namespace {

std::string_view trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

// A `///` line's text without its XML tags.
std::string without_tags(std::string_view line) {
  std::string out;
  bool in_tag = false;
  for (const char c : line) {
    if (c == '<') {
      in_tag = true;
    } else if (c == '>') {
      in_tag = false;
    } else if (!in_tag) {
      out.push_back(c);
    }
  }
  return std::string(trimmed(out));
}

}  // namespace

bool CSharpReader::has_modifier(TSNode declaration, std::string_view modifier) const {
  const std::uint32_t count = ts_node_named_child_count(declaration);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode part = ts_node_named_child(declaration, i);
    if (is(part, NodeType::Modifier) && text(part) == modifier) return true;
  }
  return false;
}

std::vector<std::string> CSharpReader::attributes(TSNode declaration) const {
  std::vector<std::string> result;
  const std::uint32_t count = ts_node_named_child_count(declaration);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode list = ts_node_named_child(declaration, i);
    if (!is(list, NodeType::AttributeList)) continue;
    const std::uint32_t attributes = ts_node_named_child_count(list);
    for (std::uint32_t a = 0; a < attributes; ++a) {
      const TSNode attribute = ts_node_named_child(list, a);
      if (is(attribute, NodeType::Attribute)) result.emplace_back(text(attribute));
    }
  }
  return result;
}

TSNode CSharpReader::first_after_attributes(TSNode declaration) const {
  const std::uint32_t count = ts_node_child_count(declaration);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode part = ts_node_child(declaration, i);
    const NodeType part_type = type(part);
    if (part_type != NodeType::AttributeList && part_type != NodeType::Comment &&
        part_type != NodeType::PreprocIf) {
      return part;
    }
  }
  return declaration;
}

std::string CSharpReader::documentation(TSNode declaration, std::span<const TSNode> comments_before) const {
  std::vector<std::string> lines;
  TSNode at = declaration;
  for (auto it = comments_before.rbegin(); it != comments_before.rend(); ++it) {
    const TSNode before = *it;
    // Only a run of `///` lines, each on the line above the next.
    if (ts_node_end_point(before).row + 1 < ts_node_start_point(at).row) break;
    const std::string_view comment = text(before);
    if (!comment.starts_with("///")) break;
    lines.push_back(without_tags(comment.substr(3)));
    at = before;
  }
  std::string result;
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    if (it->empty()) continue;
    if (!result.empty()) result.push_back('\n');
    result += *it;
  }
  return result;
}

std::vector<CSharpReader::Parameter> CSharpReader::parameters(TSNode parameter_list) const {
  std::vector<Parameter> result;
  if (ts_node_is_null(parameter_list)) return result;
  // `params T[] rest` lies in the list itself: `params`, a type, a name.
  Parameter rest;
  const std::uint32_t count = ts_node_child_count(parameter_list);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode part = ts_node_child(parameter_list, i);
    const char* field = ts_node_field_name_for_child(parameter_list, i);
    const std::string_view field_name =
        field == nullptr ? std::string_view{} : std::string_view(field);
    if (is(part, NodeType::Params)) {
      rest = Parameter{};
      rest.is_params = true;
    } else if (rest.is_params && field_name == "type") {
      rest.type = part;
    } else if (rest.is_params && field_name == "name") {
      rest.name = std::string(text(part));
      result.push_back(rest);
      rest = Parameter{};
    } else if (is(part, NodeType::Parameter)) {
      Parameter parameter;
      parameter.name = std::string(text(child(part, Field::Name)));
      parameter.type = child(part, Field::Type);
      const std::uint32_t parts = ts_node_named_child_count(part);
      for (std::uint32_t p = 0; p < parts; ++p) {
        const TSNode modifier = ts_node_named_child(part, p);
        if (is(modifier, NodeType::Modifier) && text(modifier) == "this") parameter.is_this = true;
      }
      result.push_back(std::move(parameter));
    }
  }
  return result;
}

std::vector<TSNode> CSharpReader::base_types(TSNode declaration) const {
  std::vector<TSNode> result;
  const std::uint32_t count = ts_node_named_child_count(declaration);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode list = ts_node_named_child(declaration, i);
    if (!is(list, NodeType::BaseList)) continue;
    const std::uint32_t bases = ts_node_named_child_count(list);
    for (std::uint32_t b = 0; b < bases; ++b) {
      const TSNode base = ts_node_named_child(list, b);
      const NodeType base_type = type(base);
      if (base_type == NodeType::ArgumentList || base_type == NodeType::Comment) continue;
      result.push_back(base_type == NodeType::PrimaryConstructorBaseType ? child(base, Field::Type)
                                                                         : base);
    }
  }
  return result;
}

}  // namespace trellis::ingest::csharp
