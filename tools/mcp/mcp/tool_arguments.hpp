// A tools/call "arguments" object as the catalog's Arguments: strings,
// integers (a JSON number with no fraction), booleans and objects (kept as
// their JSON text). A null value counts as not given. Values of other JSON
// types, and numbers with a fraction, are INVALID_ARGUMENT naming the
// parameter; checking them against the declarations is CheckedArguments'.
#pragma once

#include <simdjson.h>

#include "trellis/common/error.hpp"
#include "trellis/queries/parameters.hpp"

namespace trellis::mcp {

Result<queries::Arguments> read_tool_arguments(simdjson::dom::object arguments);

}  // namespace trellis::mcp
