// Graph values as CONTRACT.md's JSON: a node is {"label", "qualified_name",
// "name", "node_id" (stable, store/node_id.hpp), then its label's non-null
// properties}; internal row ids never appear.
#pragma once

#include "trellis/output/json.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::output {

// null, a number, a boolean, a string or a list of strings.
Json property_json(const PropertyValue& value);

Json node_json(const GraphStore& store, NodeId node);

// {"label", "qualified_name"}: the unique key of a node.
Json node_key_json(const GraphStore& store, NodeId node);

}  // namespace trellis::output
