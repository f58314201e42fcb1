#include "mcp/output_schema.hpp"

#include "trellis/store/schema.hpp"

namespace trellis::mcp {
namespace {

using queries::ResultField;
using queries::Shape;

void type(output::JsonTextWriter& w, std::string_view name) {
  w.begin_object();
  w.key("type");
  w.string(name);
  w.end_object();
}

void typed_properties(output::JsonTextWriter& w, std::initializer_list<std::pair<std::string_view, std::string_view>> types) {
  for (const auto& [name, json_type] : types) {
    w.key(name);
    type(w, json_type);
  }
}

void members(output::JsonTextWriter& w, std::span<const ResultField> fields);

// One value of `f`'s shape (not yet a list, not yet nullable).
void value(output::JsonTextWriter& w, const ResultField& f) {
  switch (f.shape) {
    case Shape::String: type(w, "string"); return;
    case Shape::Integer: type(w, "integer"); return;
    case Shape::Number: type(w, "number"); return;
    case Shape::Boolean: type(w, "boolean"); return;
    case Shape::Map: type(w, "object"); return;
    case Shape::Node:
      w.begin_object();
      w.key("$ref");
      w.string("#/$defs/node");
      w.end_object();
      return;
    case Shape::Object: members(w, f.members); return;
  }
}

void field(output::JsonTextWriter& w, const ResultField& f) {
  if (f.nullable) {
    w.begin_object();
    w.key("anyOf");
    w.begin_array();
  }
  for (int i = 0; i < f.list; ++i) {
    w.begin_object();
    w.key("type");
    w.string("array");
    w.key("items");
  }
  value(w, f);
  for (int i = 0; i < f.list; ++i) w.end_object();
  if (f.nullable) {
    type(w, "null");
    w.end_array();
    w.end_object();
  }
}

// {"type": "object", "properties": {...}, "required": [...]}
void members(output::JsonTextWriter& w, std::span<const ResultField> fields) {
  w.begin_object();
  w.key("type");
  w.string("object");
  w.key("properties");
  w.begin_object();
  for (const ResultField& f : fields) {
    w.key(f.name);
    field(w, f);
  }
  w.end_object();
  w.key("required");
  w.begin_array();
  for (const ResultField& f : fields) {
    if (!f.optional) w.string(f.name);
  }
  w.end_array();
  w.end_object();
}

// CONTRACT.md's node: label and qualified_name always; the lean members
// when the node has them.
void node(output::JsonTextWriter& w) {
  w.begin_object();
  w.key("type");
  w.string("object");
  w.key("properties");
  w.begin_object();
  w.key("label");
  w.begin_object();
  w.key("enum");
  w.begin_array();
  for (const LabelDef& label : all_labels()) w.string(label.name);
  w.end_array();
  w.end_object();
  typed_properties(w, {{"qualified_name", "string"}, {"name", "string"}});
  w.key("file_path");
  w.begin_object();
  w.key("type");
  w.begin_array();
  w.string("string");
  w.string("null");
  w.end_array();
  w.end_object();
  typed_properties(w, {{"line_start", "integer"}, {"line_end", "integer"}, {"depth", "integer"}});
  w.end_object();
  w.key("required");
  w.begin_array();
  w.string("label");
  w.string("qualified_name");
  w.end_array();
  w.end_object();
}

// metadata: the counts where the answer lists rows, the time and the kind
// always, the rest where the answer has them.
void metadata(output::JsonTextWriter& w) {
  w.begin_object();
  w.key("type");
  w.string("object");
  w.key("properties");
  w.begin_object();
  typed_properties(w, {{"row_count", "integer"},
                       {"total_count", "integer"},
                       {"truncated", "boolean"},
                       {"execution_time_ms", "number"},
                       {"max_depth", "integer"},
                       {"unresolved_calls", "integer"},
                       {"offset", "integer"}});
  w.key("next_offset");
  w.begin_object();
  w.key("type");
  w.begin_array();
  w.string("integer");
  w.string("null");
  w.end_array();
  w.end_object();
  typed_properties(w, {{"query_type", "string"}});
  w.end_object();
  w.key("required");
  w.begin_array();
  w.string("execution_time_ms");
  w.string("query_type");
  w.end_array();
  w.end_object();
}

bool uses_nodes(std::span<const ResultField> fields) {
  for (const ResultField& f : fields) {
    if (f.shape == Shape::Node || uses_nodes(f.members)) return true;
  }
  return false;
}

}  // namespace

void write_output_schema(output::JsonTextWriter& w, std::span<const ResultField> results) {
  w.begin_object();
  w.key("type");
  w.string("object");
  w.key("properties");
  w.begin_object();
  w.key("query");
  type(w, "string");
  w.key("results");
  members(w, results);
  w.key("metadata");
  metadata(w);
  w.end_object();
  w.key("required");
  w.begin_array();
  for (const std::string_view name : {"query", "results", "metadata"}) w.string(name);
  w.end_array();
  if (uses_nodes(results)) {
    w.key("$defs");
    w.begin_object();
    w.key("node");
    node(w);
    w.end_object();
  }
  w.end_object();
}

}  // namespace trellis::mcp
