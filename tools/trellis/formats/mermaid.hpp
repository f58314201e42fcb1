// The graph as a Mermaid flowchart (`trellis export --format mermaid`):
// nodes n0, n1, ... in store order (Mermaid needs plain identifiers), shown
// as "Label: qualified_name"; edges labelled with their type.
#pragma once

#include <string>

#include "trellis/store/graph_store.hpp"

namespace trellis::formats {

std::string graph_mermaid(const GraphStore& store);

}  // namespace trellis::formats
