// The two outputs of `trellis_bench store`: a table for people (one column
// per graph size) and one JSON document for machines. JSON keys are stable:
// {"benchmark": "store", "seed", "targets": {...}, "runs": [{"nodes_requested",
// "generation_ms", "build_ms", "nodes", "edges", "nodes_by_label",
// "edges_by_type", "memory": {..., "components", "arrays"}, "bytes_per_node",
// "bytes_per_edge", "bytes_per_edge_without_offsets",
// "edge_property_bytes_per_edge", "peak_rss_bytes", "snapshot": {"save_ms",
// "file_bytes", "first_load_ms", "median_load_ms", "load_runs"}, "checks":
// {"passed", "failures"}}]}.
#pragma once

#include <nlohmann/json.hpp>
#include <span>

#include "store/store_run.hpp"

namespace trellis::bench {

void print_store_table(std::span<const StoreRun> runs);

nlohmann::ordered_json store_report_json(std::span<const StoreRun> runs);

}  // namespace trellis::bench
