#include "store/store_report.hpp"

namespace trellis::bench {
namespace {

using Json = nlohmann::ordered_json;

Json memory_json(const StoreRun& run) {
  Json components = Json::object();
  for (const MemoryComponent& component : run.memory.components)
    components[component.name] = component.bytes;
  Json arrays = Json::object();
  for (const auto& [name, bytes] : run.array_bytes) arrays[name] = bytes;
  return Json{{"total_bytes", run.memory.total_bytes},
              {"node_bytes", run.memory.node_bytes},
              {"adjacency_bytes", run.memory.adjacency_bytes},
              {"adjacency_offset_bytes", run.memory.adjacency_offset_bytes},
              {"edge_property_bytes", run.memory.edge_property_bytes},
              {"components", std::move(components)},
              {"arrays", std::move(arrays)}};
}

Json snapshot_json(const StoreRun& run) {
  const SnapshotTiming& snapshot = run.snapshot;
  return Json{{"save_ms", snapshot.save_ms},
              {"file_bytes", snapshot.file_bytes},
              {"first_load_ms", snapshot.first_load_ms},
              {"median_load_ms", snapshot.median_load_ms},
              {"load_runs", snapshot.load_runs}};
}

Json run_json(const StoreRun& run) {
  Json labels = Json::object();
  for (const LabelDef& def : all_labels())
    labels[std::string(def.name)] = run.nodes_by_label[index_of(def.label)];
  Json types = Json::object();
  for (const RelTypeDef& def : all_rel_types())
    types[std::string(def.name)] = run.edges_by_type[index_of(def.type)];
  return Json{
      {"nodes_requested", run.requested_nodes},
      {"generation_ms", run.generation_ms},
      {"build_ms", run.build_ms},
      {"nodes", run.node_count},
      {"edges", run.edge_count},
      {"nodes_by_label", std::move(labels)},
      {"edges_by_type", std::move(types)},
      {"memory", memory_json(run)},
      {"bytes_per_node", run.bytes_per_node()},
      {"bytes_per_edge", run.bytes_per_edge()},
      {"bytes_per_edge_without_offsets", run.bytes_per_edge_without_offsets()},
      {"edge_property_bytes_per_edge", run.edge_property_bytes_per_edge()},
      {"peak_rss_bytes", run.peak_rss_bytes},
      {"snapshot", snapshot_json(run)},
      {"checks", Json{{"passed", run.failed_checks.empty()}, {"failures", run.failed_checks}}}};
}

}  // namespace

nlohmann::ordered_json store_report_json(std::span<const StoreRun> runs) {
  Json out{{"benchmark", "store"},
           {"seed", runs.empty() ? 0 : runs.front().seed},
           {"targets", Json{{"bytes_per_node_max", kTargetBytesPerNode},
                            {"bytes_per_edge_max", kTargetBytesPerEdge},
                            {"snapshot_median_load_ms_max", kTargetSnapshotLoadMs},
                            {"measured_at_nodes", 1'000'000}}}};
  Json list = Json::array();
  for (const StoreRun& run : runs) list.push_back(run_json(run));
  out["runs"] = std::move(list);
  return out;
}

}  // namespace trellis::bench
