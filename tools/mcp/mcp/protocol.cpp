#include "mcp/protocol.hpp"

#include <algorithm>

#include "trellis/output/json_text_writer.hpp"

namespace trellis::mcp {
namespace {

constexpr std::string_view kVersions[] = {"2025-06-18", "2025-03-26", "2024-11-05"};

constexpr std::string_view kInstructions =
    "Trellis answers questions about the code graph of one indexed repository: who calls a function "
    "(query_callers), what it calls (query_callees), class hierarchies, module dependencies and exports, "
    "implementations and call graphs. Start with search_symbols to find a qualified name, get_schema for "
    "the labels and relationships, get_node for a node's details and source, index_status to see whether "
    "the index is current. Every result is JSON with query, results and metadata; a refused call returns "
    "an error object with error_code and suggestions.";

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
  w.string(kInstructions);
  w.end_object();
  return w.take();
}

}  // namespace trellis::mcp
