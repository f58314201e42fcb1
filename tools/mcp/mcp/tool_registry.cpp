#include "mcp/tool_registry.hpp"

#include <algorithm>

#include "mcp/graph_tools.hpp"
#include "mcp/json_schema.hpp"
#include "mcp/output_schema.hpp"
#include "trellis/output/json_text_writer.hpp"

namespace trellis::mcp {

void ToolRegistry::add(Tool tool) { tools_.push_back(std::move(tool)); }

const Tool* ToolRegistry::find(std::string_view name) const {
  const auto it = std::find_if(tools_.begin(), tools_.end(), [&](const Tool& t) { return t.name == name; });
  return it == tools_.end() ? nullptr : &*it;
}

std::vector<std::string_view> ToolRegistry::names() const {
  std::vector<std::string_view> out;
  for (const Tool& tool : tools_) out.push_back(tool.name);
  return out;
}

std::string ToolRegistry::list_json() const {
  output::JsonTextWriter w(output::JsonStyle::Compact);
  w.begin_object();
  w.key("tools");
  w.begin_array();
  for (const Tool& tool : tools_) {
    w.begin_object();
    w.key("name");
    w.string(tool.name);
    w.key("title");
    w.string(tool.title);
    w.key("description");
    w.string(tool.description);
    w.key("inputSchema");
    write_input_schema(w, tool.params);
    w.key("outputSchema");
    write_output_schema(w, tool.results);
    w.key("annotations");
    w.begin_object();
    w.key("readOnlyHint");
    w.boolean(true);
    w.key("idempotentHint");
    w.boolean(true);
    w.key("openWorldHint");  // the indexed repository is a closed world
    w.boolean(false);
    w.end_object();
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.take();
}

ToolRegistry make_tool_registry() {
  ToolRegistry registry;
  add_query_tools(registry);
  add_query_cypher_tool(registry);
  add_search_symbols_tool(registry);
  add_get_node_tool(registry);
  add_get_schema_tool(registry);
  add_index_status_tool(registry);
  return registry;
}

}  // namespace trellis::mcp
