// Where a graph's memory goes, by component (CONTRACT: `trellis stats`).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace trellis {

struct MemoryComponent {
  std::string name;   // "strings", "columns.Method", "adjacency.CALLS", ...
  std::size_t bytes = 0;
};

struct MemoryReport {
  std::vector<MemoryComponent> components;  // in a fixed order
  std::size_t total_bytes = 0;
  // Node side: strings, per-node core arrays, indexes, label columns.
  std::size_t node_bytes = 0;
  // Edge topology of both directions: targets plus their offset arrays.
  std::size_t adjacency_bytes = 0;
  std::size_t adjacency_offset_bytes = 0;  // the part of adjacency_bytes that is offsets
  // Edge property columns (CALLS call_type and line).
  std::size_t edge_property_bytes = 0;
};

}  // namespace trellis
