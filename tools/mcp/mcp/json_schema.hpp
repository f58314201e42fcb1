// A tool's inputSchema (JSON Schema, draft 2020-12 subset) generated from
// its parameter declarations: types, descriptions, ranges, choices,
// defaults and required names; no other property is allowed.
#pragma once

#include <span>

#include "trellis/output/json_text_writer.hpp"
#include "trellis/queries/parameters.hpp"

namespace trellis::mcp {

void write_input_schema(output::JsonTextWriter& w, std::span<const queries::ParamSpec> params);

}  // namespace trellis::mcp
