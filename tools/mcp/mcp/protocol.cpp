#include "mcp/protocol.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "trellis/output/json_text_writer.hpp"
#include "trellis/queries/query_catalog.hpp"

namespace trellis::mcp {
namespace {

constexpr std::string_view kVersions[] = {"2025-06-18", "2025-03-26", "2024-11-05"};

// What every tool shares, said once here rather than in each description.
constexpr std::string_view kInstructions =
    "Trellis answers questions about the code graph of one indexed repository: who calls a function "
    "(query_callers), what it calls (query_callees), class hierarchies, module dependencies and exports, "
    "implementations, call graphs, cycles, impact and context. Start with search_symbols to find a qualified "
    "name (search_code to find code by what its names, docs and body say; search_semantic with a query vector "
    "when embeddings were imported; find_similar for definitions like a given one), get_schema for the labels and relationships, get_node for a node's details and source, "
    "index_status to see whether the index is current. Every tool is read-only.\n\n{}\n\n"
    "Every answer is JSON {{\"query\", \"results\", \"metadata\"}} (each tool's outputSchema gives its "
    "results); metadata has row_count, total_count, truncated and execution_time_ms, and for a page of a "
    "capped list offset and next_offset. A node in a query_*/get_* answer is lean: {{label, qualified_name, "
    "name, node_id, file_path (relative to the indexed root), line_start, line_end}} (node_id: stable across "
    "re-indexing while the definition stays in its file, accepted wherever a name is) plus what the answer adds (depth, "
    "call_sites, via, ...); pass fields (e.g. [\"docstring\", \"decorators\"], or [\"all\"]) for more "
    "properties, or call get_node. A refused call is a result with isError true whose text is {{error, "
    "error_code (NODE_NOT_FOUND, AMBIGUOUS_NAME, INVALID_ARGUMENT, TIMEOUT, DATABASE_ERROR, ...), suggestion, "
    "suggestions, provided_input}}.";

}  // namespace

std::span<const std::string_view> supported_protocol_versions() { return kVersions; }

std::string_view negotiate_protocol_version(std::string_view requested) {
  const auto it = std::find(std::begin(kVersions), std::end(kVersions), requested);
  return it != std::end(kVersions) ? *it : kVersions[0];
}

std::string initialize_result(std::string_view version) {
  output::JsonTextWriter w(output::JsonStyle::Compact);
  w.begin_object();
  w.key("protocolVersion");
  w.string(version);
  w.key("capabilities");
  w.begin_object();
  w.key("tools");
  w.begin_object();
  w.key("listChanged");
  w.boolean(false);
  w.end_object();
  w.end_object();
  w.key("serverInfo");
  w.begin_object();
  w.key("name");
  w.string("trellis");
  w.key("title");
  w.string("Trellis code graph");
  w.key("version");
  w.string(TRELLIS_VERSION);
  w.end_object();
  w.key("instructions");
  w.string(fmt::format(kInstructions, queries::name_format_help()));
  w.end_object();
  return w.take();
}

}  // namespace trellis::mcp
