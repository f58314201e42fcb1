// What `trellis_bench store` measures for one graph size.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "trellis/store/memory_report.hpp"
#include "trellis/store/schema.hpp"

namespace trellis::bench {

struct SnapshotTiming {
  double save_ms = 0;
  std::uint64_t file_bytes = 0;
  double first_load_ms = 0;   // right after the file's pages were dropped from the page cache
  double median_load_ms = 0;  // file in the page cache
  std::uint32_t load_runs = 0;
};

struct StoreRun {
  std::uint32_t requested_nodes = 0;
  std::uint64_t seed = 0;
  double generation_ms = 0;  // the generator's builder calls
  double build_ms = 0;       // GraphBuilder::build
  std::uint64_t node_count = 0;
  std::uint64_t edge_count = 0;
  std::array<std::uint64_t, kLabelCount> nodes_by_label{};
  std::array<std::uint64_t, kRelTypeCount> edges_by_type{};
  MemoryReport memory;
  std::vector<std::pair<std::string, std::uint64_t>> array_bytes;  // every store array, by name
  std::uint64_t peak_rss_bytes = 0;  // of the process so far, after the build
  SnapshotTiming snapshot;
  std::vector<std::string> failed_checks;  // empty when the run is consistent

  double bytes_per_node() const { return ratio(memory.node_bytes, node_count); }
  double bytes_per_edge() const { return ratio(memory.adjacency_bytes, edge_count); }
  double bytes_per_edge_without_offsets() const {
    return ratio(memory.adjacency_bytes - memory.adjacency_offset_bytes, edge_count);
  }
  double edge_property_bytes_per_edge() const {
    return ratio(memory.edge_property_bytes, edge_count);
  }

 private:
  static double ratio(std::uint64_t bytes, std::uint64_t count) {
    return count == 0 ? 0.0 : static_cast<double>(bytes) / static_cast<double>(count);
  }
};

// The store's targets, measured at a million nodes.
inline constexpr double kTargetBytesPerNode = 110;
inline constexpr double kTargetBytesPerEdge = 10;
inline constexpr double kTargetSnapshotLoadMs = 150;

}  // namespace trellis::bench
