// A view of the graph as a Mermaid flowchart (`trellis export --format
// mermaid`): nodes n<id> (Mermaid needs plain identifiers), shown by their
// short name inside one subgraph per module (titled by its qualified name);
// edges labelled with their type and drawn by it (CALLS -->, IMPORTS -.->,
// INHERITS/IMPLEMENTS ==>, DEFINES/CONTAINS ---); a node whose neighbours
// the node cap left out joins a "+N more" marker.
#pragma once

#include <string>

#include "trellis/formats/graph_view.hpp"

namespace trellis::formats {

std::string graph_mermaid(const GraphView& view);

}  // namespace trellis::formats
