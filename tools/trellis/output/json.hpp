// The JSON type of CLI output: objects keep their keys in insertion order,
// as CONTRACT.md writes them.
#pragma once

#include <nlohmann/json.hpp>

namespace trellis::output {

using Json = nlohmann::ordered_json;

}  // namespace trellis::output
