// get_schema: the schema as data (store/schema.hpp) with the loaded graph's
// counts and one example per label and relationship type, and how
// qualified names are formed.
#include <fmt/format.h>

#include "mcp/graph_tools.hpp"
#include "trellis/output/json_text_writer.hpp"
#include "trellis/queries/query_catalog.hpp"

namespace trellis::mcp {
namespace {

constexpr std::string_view kQualifiedNames =
    "Python: the dotted import path from the source root (the indexed folder, or its src/ when packages "
    "live there): src/shop/services/auth.py is Module shop.services.auth, a package's __init__.py is the "
    "Module named after the package, then .Class, .Class.method, .function, .outer.inner. TypeScript and "
    "JavaScript: the file's path from the root without its extension, / read as . (src/services/auth.ts is "
    "src.services.auth), then the same nesting. ExternalPackage: the imported module's name (hashlib).";

void write_properties(output::JsonTextWriter& w, std::span<const PropertyDef> properties, bool with_names) {
  w.begin_array();
  const auto one = [&](std::string_view name, ValueType type) {
    w.begin_object();
    w.key("name");
    w.string(name);
    w.key("type");
    w.string(to_string(type));
    w.end_object();
  };
  if (with_names) {
    one("qualified_name", ValueType::String);
    one("name", ValueType::String);
  }
  for (const PropertyDef& p : properties) one(p.name, p.type);
  w.end_array();
}

void write_labels(output::JsonTextWriter& w, std::span<const Label> labels) {
  w.begin_array();
  for (const Label label : labels) w.string(to_string(label));
  w.end_array();
}

// {"label", "qualified_name"}
void write_key(output::JsonTextWriter& w, const GraphStore& store, NodeId node) {
  w.begin_object();
  w.key("label");
  w.string(to_string(store.label(node)));
  w.key("qualified_name");
  w.qualified_name(store, node);
  w.end_object();
}

// The first node (by id) with an outgoing edge of `type`.
std::optional<NodeId> first_source(const GraphStore& store, RelType type) {
  for (NodeId node = 0; node < store.node_count(); ++node) {
    if (!store.out(type, node).empty()) return node;
  }
  return std::nullopt;
}

using enum queries::Shape;
using queries::field;
using queries::list;
using queries::nullable;
using queries::object;
constexpr queries::ResultField kSchemaProperty[] = {field("name", String), field("type", String)};
constexpr queries::ResultField kSchemaLabel[] = {field("label", String), field("count", Integer),
                                           object("properties", kSchemaProperty, 1), nullable(field("example", String))};
constexpr queries::ResultField kSchemaEdgeExample[] = {field("from", Node), field("to", Node)};
constexpr queries::ResultField kSchemaRelationshipType[] = {field("type", String), field("count", Integer),
                                                      list("from", String), list("to", String),
                                                      object("properties", kSchemaProperty, 1),
                                                      nullable(object("example", kSchemaEdgeExample))};
constexpr queries::ResultField kSchemaNames[] = {field("format", String), field("resolution", String)};
constexpr queries::ResultField kSchemaResults[] = {object("labels", kSchemaLabel, 1),
                                             object("relationship_types", kSchemaRelationshipType, 1),
                                             object("qualified_names", kSchemaNames)};

Result<output::Report> get_schema(const ToolContext& context, const queries::CheckedArguments&) {
  const GraphStore& store = context.graph.store();
  output::JsonTextWriter w(output::JsonStyle::Compact);
  w.begin_object();
  w.key("labels");
  w.begin_array();
  for (const LabelDef& def : all_labels()) {
    const NodeRange nodes = store.nodes(def.label);
    w.begin_object();
    w.key("label");
    w.string(def.name);
    w.key("count");
    w.unsigned_integer(nodes.size());
    w.key("properties");
    write_properties(w, def.properties, true);
    w.key("example");
    if (nodes.size() > 0) {
      w.qualified_name(store, nodes.begin);
    } else {
      w.null();
    }
    w.end_object();
  }
  w.end_array();
  w.key("relationship_types");
  w.begin_array();
  for (const RelTypeDef& def : all_rel_types()) {
    w.begin_object();
    w.key("type");
    w.string(def.name);
    w.key("count");
    w.unsigned_integer(store.edge_count(def.type));
    w.key("from");
    write_labels(w, def.from);
    w.key("to");
    write_labels(w, def.to);
    w.key("properties");
    write_properties(w, def.properties, false);
    w.key("example");
    if (const auto from = first_source(store, def.type)) {
      const NodeId to = store.out(def.type, *from).front();
      w.begin_object();
      w.key("from");
      write_key(w, store, *from);
      w.key("to");
      write_key(w, store, to);
      w.end_object();
    } else {
      w.null();
    }
    w.end_object();
  }
  w.end_array();
  w.key("qualified_names");
  w.begin_object();
  w.key("format");
  w.string(kQualifiedNames);
  w.key("resolution");
  w.string(queries::name_format_help());
  w.end_object();
  w.end_object();

  output::Report report;
  report.query = "schema";
  report.query_type = "schema";
  report.results_text = w.take();
  return report;
}

}  // namespace

void add_get_schema_tool(ToolRegistry& registry) {
  registry.add(Tool{"get_schema", "Labels, relationship types and how names are formed",
                    "The graph's schema: every node label with its node count, properties and their types, and an "
                    "example qualified name from the loaded graph; every relationship type with its count, the "
                    "labels it joins (from -> to), its properties and an example edge; and how qualified names "
                    "are formed and resolved. Returns JSON {query, results: {labels, relationship_types, "
                    "qualified_names}, metadata}.",
                    {}, get_schema, kSchemaResults});
}

}  // namespace trellis::mcp
