// The MCP tools: each is one declaration (name, description, parameters as
// queries::ParamSpec, the members of its results as queries::ResultField)
// plus the function that answers it. tools/list shows the declaration (its
// inputSchema generated from the parameters, its outputSchema from the
// results) and tools/call checks arguments against the same parameters, so
// nothing is written twice.
//
// Adding a tool is one add() call: the structural queries come from the
// query catalog (query_tools.cpp); the others each have their own file.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mcp/loaded_graph.hpp"
#include "trellis/common/error.hpp"
#include "trellis/output/report.hpp"
#include "trellis/queries/parameters.hpp"
#include "trellis/queries/result_shape.hpp"
#include "trellis/queries/traversal_scratch.hpp"

namespace trellis::mcp {

// What a tool call may use: the graph it runs on and the calling thread's
// traversal memory.
struct ToolContext {
  const LoadedGraph& graph;
  queries::TraversalScratch& scratch;
};

// Answers a call: the contract's success document as a Report, or an error
// (refused calls become tool results with isError). The arguments are
// already checked against the tool's parameters.
using ToolHandler = std::function<Result<output::Report>(const ToolContext&, const queries::CheckedArguments&)>;

struct Tool {
  std::string name;
  std::string title;        // short, for people
  std::string description;  // for agents: what it does and what comes back (the shared rules are the server's instructions)
  std::span<const queries::ParamSpec> params;
  ToolHandler handler;
  std::span<const queries::ResultField> results;  // the members of the answer's results
};

class ToolRegistry {
 public:
  void add(Tool tool);
  // nullptr when no tool has that name.
  const Tool* find(std::string_view name) const;
  // Tool names in the order tools/list gives them.
  std::vector<std::string_view> names() const;
  // The tools/list result: {"tools": [{name, title, description, inputSchema, outputSchema,
  // annotations}...]}. Every tool only reads the loaded graph and the indexed files: each is
  // annotated read-only, idempotent and closed-world.
  std::string list_json() const;

 private:
  std::vector<Tool> tools_;
};

// The registry of every tool `trellis serve` offers.
ToolRegistry make_tool_registry();

}  // namespace trellis::mcp
