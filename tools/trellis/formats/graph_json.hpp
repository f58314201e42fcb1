// A view of the graph as one JSON document (`trellis export --format json`):
// {"nodes": [node...], "relationships": [{"type", "from", "to", ...properties}]}
// and, for a subgraph whose node cap left neighbours out,
// "omitted": [{"node": key, "count": n}]. Nodes use CONTRACT.md's node
// shape; "from", "to" and "node" are {"label", "qualified_name"}, the unique
// key of a node, so no internal id appears. View order throughout.
#pragma once

#include "trellis/formats/graph_view.hpp"
#include "trellis/output/json.hpp"

namespace trellis::formats {

output::Json graph_json(const GraphView& view);

}  // namespace trellis::formats
