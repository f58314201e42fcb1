// A view of the graph in Graphviz DOT (`trellis export --format dot`): nodes
// grouped into one cluster per module, each labelled by its short name with
// its qualified name as tooltip and shaped by its label; edges styled by
// relationship type and labelled with it (and CALLS' call_type and line); a
// node whose neighbours the node cap left out points at a "+N more" marker.
// Node identifiers are "Label:qualified_name". Deterministic: view order.
#pragma once

#include <string>

#include "trellis/formats/graph_view.hpp"

namespace trellis::formats {

std::string graph_dot(const GraphView& view);

}  // namespace trellis::formats
