// The tools `trellis serve` offers, each added to the registry by one call.
// Each tool's declaration and answer live in its own file.
#pragma once

#include "mcp/tool_registry.hpp"

namespace trellis::mcp {

// query_callers, query_callees, ... : one tool per query of the catalog
// (trellis/queries/query_catalog.hpp).
void add_query_tools(ToolRegistry& registry);
// query_cypher: one read-only Cypher statement (cypher_engine.hpp).
void add_query_cypher_tool(ToolRegistry& registry);
// search_symbols: names by exact, prefix, substring and fuzzy match, ranked.
void add_search_symbols_tool(ToolRegistry& registry);
// get_node: one node's properties, relationship counts and source lines.
void add_get_node_tool(ToolRegistry& registry);
// get_schema: labels, relationship types and qualified names, with examples.
void add_get_schema_tool(ToolRegistry& registry);
// index_status: what was indexed, when, and which files changed since.
void add_index_status_tool(ToolRegistry& registry);

}  // namespace trellis::mcp
