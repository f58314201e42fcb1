#include "trellis/formats/graphml.hpp"

#include <fmt/format.h>

#include "trellis/interchange/csv_columns.hpp"
#include "trellis/output/node_json.hpp"

namespace trellis::formats {
namespace {

// XML character data or attribute text; characters XML 1.0 cannot carry
// become U+FFFD.
std::string escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') {
          out += "\xEF\xBF\xBD";
        } else {
          out += c;
        }
    }
  }
  return out;
}

std::string_view graphml_type(ValueType type) {
  switch (type) {
    case ValueType::Int:
      return "int";
    case ValueType::Bool:
      return "boolean";
    case ValueType::String:
    case ValueType::StringList:
      return "string";
  }
  return "string";
}

void append_key(std::string& out, std::string_view scope, std::string_view name, ValueType type) {
  out += fmt::format("  <key id=\"{}_{}\" for=\"{}\" attr.name=\"{}\" attr.type=\"{}\"/>\n",
                     scope.front(), name, scope, name, graphml_type(type));
}

// The text of a non-null value; lists as a JSON array of strings.
std::string data_text(const PropertyValue& value) {
  struct Text {
    std::string operator()(std::monostate) const { return {}; }
    std::string operator()(std::int64_t v) const { return std::to_string(v); }
    std::string operator()(bool v) const { return v ? "true" : "false"; }
    std::string operator()(std::string_view v) const { return std::string(v); }
    std::string operator()(const std::vector<std::string_view>&) const {
      return output::property_json(value).dump(-1, ' ', false,
                                               output::Json::error_handler_t::replace);
    }
    const PropertyValue& value;
  };
  return std::visit(Text{value}, value);
}

void append_data(std::string& out, char scope, std::string_view name, const PropertyValue& value) {
  if (is_null(value)) return;
  out +=
      fmt::format("      <data key=\"{}_{}\">{}</data>\n", scope, name, escaped(data_text(value)));
}

}  // namespace

std::string graph_graphml(const GraphView& view) {
  const GraphStore& store = *view.store;
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n";
  for (const std::string_view name : {"label", "qualified_name", "name"})
    append_key(out, "node", name, ValueType::String);
  for (const CsvColumn& column : node_property_columns())
    append_key(out, "node", column.name, column.type);
  append_key(out, "edge", "type", ValueType::String);
  for (const CsvColumn& column : edge_property_columns())
    append_key(out, "edge", column.name, column.type);
  out += "  <graph id=\"trellis\" edgedefault=\"directed\">\n";

  for (const NodeId node : view.nodes) {
    const LabelDef& def = label_def(store.label(node));
    out += fmt::format("    <node id=\"n{}\">\n", node);
    append_data(out, 'n', "label", def.name);
    append_data(out, 'n', "qualified_name", store.qualified_name(node));
    append_data(out, 'n', "name", store.name(node));
    for (std::size_t c = 0; c < def.properties.size(); ++c) {
      append_data(out, 'n', def.properties[c].name, store.property(node, c));
    }
    out += "    </node>\n";
  }
  for (const auto& [type, source, target, edge] : view.edges) {
    out += fmt::format("    <edge source=\"n{}\" target=\"n{}\">\n", source, target);
    append_data(out, 'e', "type", to_string(type));
    const auto& properties = rel_type_def(type).properties;
    for (std::size_t c = 0; c < properties.size(); ++c) {
      append_data(out, 'e', properties[c].name, store.edge_property(type, edge, c));
    }
    out += "    </edge>\n";
  }
  out += "  </graph>\n</graphml>\n";
  return out;
}

}  // namespace trellis::formats
