#include "trellis/output/cypher_json.hpp"

#include <fmt/format.h>

#include "trellis/cypher/value/value_text.hpp"
#include "trellis/output/text_table.hpp"

namespace trellis::output {
namespace {

using cypher::Value;
using cypher::ValueKind;

void write_rel(JsonTextWriter& writer, const GraphStore& store, const cypher::RelRef& rel) {
  writer.begin_object();
  writer.key("type");
  writer.string(to_string(rel.type));
  writer.key("from");
  writer.qualified_name(store, rel.from);
  writer.key("to");
  writer.qualified_name(store, rel.to);
  const auto& properties = rel_type_def(rel.type).properties;
  for (std::size_t c = 0; c < properties.size(); ++c) {
    const PropertyValue value = store.edge_property(rel.type, rel.position(store), c);
    if (is_null(value)) continue;
    writer.key(properties[c].name);
    writer.property(value);
  }
  writer.end_object();
}

}  // namespace

void write_cypher_value(JsonTextWriter& writer, const GraphStore& store, const Value& value) {
  switch (value.kind()) {
    case ValueKind::Null: writer.null(); return;
    case ValueKind::Bool: writer.boolean(value.as_bool()); return;
    case ValueKind::Int: writer.integer(value.as_int()); return;
    case ValueKind::Float: writer.number(value.as_float()); return;
    case ValueKind::String: writer.string(value.as_string()); return;
    case ValueKind::Node: writer.node(store, value.as_node().id); return;
    case ValueKind::Relationship: write_rel(writer, store, value.as_rel()); return;
    case ValueKind::List:
      writer.begin_array();
      for (const Value& item : value.as_list()) write_cypher_value(writer, store, item);
      writer.end_array();
      return;
    case ValueKind::Map:
      writer.begin_object();
      for (const auto& [key, item] : value.as_map()) {
        writer.key(key);
        write_cypher_value(writer, store, item);
      }
      writer.end_object();
      return;
    case ValueKind::Path: {
      const cypher::PathValue& path = value.as_path();
      writer.begin_object();
      writer.key("nodes");
      writer.begin_array();
      for (const NodeId node : path.nodes) writer.node(store, node);
      writer.end_array();
      writer.key("relationships");
      writer.begin_array();
      for (const cypher::RelRef& rel : path.rels) write_rel(writer, store, rel);
      writer.end_array();
      writer.end_object();
      return;
    }
  }
}

std::string cypher_results_json(const GraphStore& store, const cypher::CypherResult& result, JsonStyle style) {
  JsonTextWriter writer(style);
  writer.begin_object();
  writer.key("columns");
  writer.begin_array();
  for (const std::string& column : result.columns) writer.string(column);
  writer.end_array();
  writer.key("rows");
  writer.begin_array();
  for (const auto& row : result.rows) {
    writer.begin_object();
    for (std::size_t c = 0; c < result.columns.size(); ++c) {
      writer.key(result.columns[c]);
      write_cypher_value(writer, store, row[c]);
    }
    writer.end_object();
  }
  writer.end_array();
  writer.key("row_count");
  writer.unsigned_integer(result.rows.size());
  writer.key("truncated");
  writer.boolean(result.truncated);
  if (!result.plan.empty()) {
    writer.key("plan");
    writer.string(result.plan);
  }
  writer.end_object();
  return writer.take();
}

std::string cypher_results_text(const GraphStore& store, const cypher::CypherResult& result) {
  std::string out;
  if (!result.plan.empty()) out += result.plan;
  if (result.mode == cypher::QueryMode::Explain) return out;
  if (!out.empty()) out += "\n";
  TextTable table(std::vector<Align>(result.columns.size(), Align::Left));
  table.add_row(result.columns);
  std::vector<std::string> rule;
  for (const std::string& column : result.columns) rule.emplace_back(std::max<std::size_t>(column.size(), 1), '-');
  table.add_row(rule);
  for (const auto& row : result.rows) {
    std::vector<std::string> cells;
    for (const Value& value : row) cells.push_back(cypher::display_text(store, value));
    table.add_row(std::move(cells));
  }
  out += table.render();
  if (result.truncated) {
    out += fmt::format("{} of {} rows (use --limit for more)\n", result.rows.size(), result.total_count);
  } else {
    out += fmt::format("{} row{}\n", result.rows.size(), result.rows.size() == 1 ? "" : "s");
  }
  return out;
}

Report cypher_report(const GraphStore& store, std::string query, const cypher::CypherResult& result,
                     double execution_time_ms, bool json, JsonStyle style) {
  Report report;
  report.query = std::move(query);
  report.query_type = "cypher";
  report.execution_time_ms = execution_time_ms;
  if (json) {
    report.results_text = cypher_results_json(store, result, style);
    report.row_count = result.rows.size();
    report.total_count = result.total_count;
  } else {
    report.text = cypher_results_text(store, result);
  }
  return report;
}

}  // namespace trellis::output
