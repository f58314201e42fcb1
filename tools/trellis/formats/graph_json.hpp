// The whole graph as one JSON document (`trellis export --format json`):
// {"nodes": [node...], "relationships": [{"type", "from", "to", ...properties}]}
// Nodes use CONTRACT.md's node shape; "from" and "to" are {"label",
// "qualified_name"}, the unique key of a node, so no internal id appears.
// Nodes come in store order, relationships in for_each_edge order.
#pragma once

#include "trellis/output/json.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::formats {

output::Json graph_json(const GraphStore& store);

}  // namespace trellis::formats
