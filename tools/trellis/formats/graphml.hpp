// The graph as GraphML (`trellis export --format graphml`), for Gephi, yEd,
// NetworkX and the like. Node data: label, qualified_name, name and every
// property column of the CSV format (lists as JSON arrays in a string); edge
// data: type and the edge property columns. Nodes are n<id> (GraphML needs
// identifiers), in view order; null properties are left out.
#pragma once

#include <string>

#include "trellis/formats/graph_view.hpp"

namespace trellis::formats {

std::string graph_graphml(const GraphView& view);

}  // namespace trellis::formats
