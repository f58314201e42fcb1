// A tool's outputSchema (JSON Schema, draft 2020-12 subset) generated from
// the declaration of its results: the document {query, results, metadata}
// every answer is, each member of results with its JSON type and whether it
// may be null or absent. Objects, nodes among them, may carry members beyond
// those declared (a node with the fields asked for), so the schema holds
// every legitimate answer. Refused calls carry no structuredContent, so the
// schema describes answers only.
#pragma once

#include <span>

#include "trellis/output/json_text_writer.hpp"
#include "trellis/queries/result_shape.hpp"

namespace trellis::mcp {

void write_output_schema(output::JsonTextWriter& w, std::span<const queries::ResultField> results);

}  // namespace trellis::mcp
