// get_node: one node's properties (CONTRACT.md's node object), how many
// relationships of each type it has, and its source lines read from the
// indexed root (queries/source_reader.hpp says what is refused), with whether the
// file changed since it was indexed.
#include <fmt/format.h>

#include "mcp/graph_tools.hpp"
#include "mcp/label_choice.hpp"
#include "trellis/output/json_text_writer.hpp"

namespace trellis::mcp {
namespace {

using queries::ParamSpec;

const ParamSpec kParams[] = {
    queries::string_param("qualified_name",
                          "Qualified name of the node (a unique suffix such as `AuthService.login` works too)"),
    queries::choice_param("label", "", kLabelChoices, "any", "The node's label, when the name alone is ambiguous"),
    queries::boolean_param("include_source", "", true, "Include the node's source lines"),
    queries::integer_param("max_lines", "", 1, 2000, 200, "Most source lines to return, from line_start"),
};

void write_relationship_counts(output::JsonTextWriter& w, const GraphStore& store, NodeId node) {
  w.begin_object();
  for (const RelTypeDef& def : all_rel_types()) {
    const std::size_t outgoing = store.out(def.type, node).size();
    const std::size_t incoming = store.in(def.type, node).size();
    if (outgoing == 0 && incoming == 0) continue;
    w.key(def.name);
    w.begin_object();
    w.key("outgoing");
    w.unsigned_integer(outgoing);
    w.key("incoming");
    w.unsigned_integer(incoming);
    w.end_object();
  }
  w.end_object();
}

void write_source(output::JsonTextWriter& w, const LoadedGraph& graph, const NodeInfo& info, int max_lines) {
  auto lines = graph.sources().read_lines(info.file_path, info.line_start, info.line_end, max_lines);
  w.key("source");
  if (!lines.ok()) {
    w.null();
    w.key("source_error");
    w.string(lines.error().message);
    return;
  }
  w.begin_object();
  w.key("file_path");
  w.string(info.file_path);
  w.key("line_start");
  w.integer(lines->first);
  w.key("line_end");
  w.integer(lines->last);
  w.key("truncated");
  w.boolean(lines->truncated);
  w.key("changed_since_index");
  if (lines->changed_since_index) {
    w.boolean(*lines->changed_since_index);
  } else {
    w.null();
  }
  w.key("text");
  w.string(lines->text);
  w.end_object();
}

Result<output::Report> get_node(const ToolContext& context, const queries::CheckedArguments& arguments) {
  const std::string name = arguments.text("qualified_name");
  const std::optional<Label> only = label_choice(arguments.choice(kParams[1]));
  const Label one[] = {only.value_or(Label::Module)};
  const queries::NameKind kind = only ? queries::NameKind{to_string(*only), one} : kAnyName;
  auto node = context.graph.database().resolve(name, kind);
  if (!node.ok()) return std::move(node).take_error();
  const GraphStore& store = context.graph.store();
  const NodeInfo info = context.graph.database().node(*node);

  output::JsonTextWriter w(output::JsonStyle::Compact);
  w.begin_object();
  w.key("node");
  w.node(store, *node);
  w.key("relationships");
  write_relationship_counts(w, store, *node);
  if (arguments.boolean(kParams[2]) && !info.file_path.empty()) {
    write_source(w, context.graph, info, static_cast<int>(arguments.integer(kParams[3])));
  }
  w.end_object();

  output::Report report;
  report.query = fmt::format("node {}", info.qualified_name);
  report.query_type = "node";
  report.results_text = w.take();
  return report;
}

using enum queries::Shape;
using queries::field;
using queries::nullable;
using queries::optional;
constexpr queries::ResultField kNodeSource[] = {field("file_path", String),  field("line_start", Integer),
                                            field("line_end", Integer),  field("truncated", Boolean),
                                            nullable(field("changed_since_index", Boolean)), field("text", String)};
// A node without a file (a Package) has no source; one whose file cannot be
// read has source null and a source_error.
constexpr queries::ResultField kNodeResults[] = {field("node", Node), field("relationships", Map),
                                             optional(nullable(queries::object("source", kNodeSource))),
                                             optional(field("source_error", String))};

}  // namespace

void add_get_node_tool(ToolRegistry& registry) {
  registry.add(Tool{
      "get_node", "One node's details and source",
      "Details of one node: all its properties (label, qualified_name, name, file_path relative to the "
      "indexed root, line_start, line_end, docstring, decorators, base_classes, ...), its relationship "
      "counts per type (outgoing and incoming), and its source lines read from the indexed root "
      "(changed_since_index says whether the file changed since `trellis index`; source is null with "
      "source_error when it cannot be read). Names are qualified names; a unique suffix resolves. "
      "Returns JSON {query, results: {node, relationships, source}, metadata}.",
      kParams, get_node, kNodeResults});
}

}  // namespace trellis::mcp
