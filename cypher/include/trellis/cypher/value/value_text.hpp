// Values as short text for people (tables, the console) and toString().
#pragma once

#include <string>

#include "trellis/cypher/value/value.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::cypher {

// Strings as they are, nodes as (:Label qualified_name), relationships as
// [:TYPE from->to], paths as a chain, lists and maps with quoted strings.
std::string display_text(const GraphStore& store, const Value& value);
// A float as Cypher writes it: 2.5, 1.0, NaN, Infinity.
std::string float_text(double value);

}  // namespace trellis::cypher
