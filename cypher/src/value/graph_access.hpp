// Reading nodes and relationships as Cypher sees them: properties by name
// (qualified_name and name first, then the label's or type's columns; an
// absent or unset property is null), property maps and key lists.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "trellis/cypher/value/value.hpp"
#include "trellis/cypher/value/value_text.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::cypher {

Value node_property(const GraphStore& store, NodeId node, std::string_view key);
Value rel_property(const GraphStore& store, const RelRef& rel, std::string_view key);
// Non-null properties in schema order (qualified_name, name, columns).
ValueMap node_properties(const GraphStore& store, NodeId node);
ValueMap rel_properties(const GraphStore& store, const RelRef& rel);

}  // namespace trellis::cypher
