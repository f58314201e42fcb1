#include <fmt/format.h>

#include <functional>
#include <string>

#include "store/store_report.hpp"

namespace trellis::bench {
namespace {

constexpr int kLabelWidth = 44;
constexpr int kColumnWidth = 14;
constexpr double kMiB = 1024.0 * 1024.0;

class Table {
 public:
  explicit Table(std::span<const StoreRun> runs) : runs_(runs) {}

  void heading(std::string_view title) const { fmt::print("{}\n", title); }

  void row(std::string_view label, const std::function<std::string(const StoreRun&)>& cell) const {
    fmt::print("{:<{}}", label, kLabelWidth);
    for (const StoreRun& run : runs_) fmt::print("{:>{}}", cell(run), kColumnWidth);
    fmt::print("\n");
  }

 private:
  std::span<const StoreRun> runs_;
};

std::string count(std::uint64_t n) {
  std::string digits = std::to_string(n);
  for (auto i = static_cast<std::ptrdiff_t>(digits.size()) - 3; i > 0; i -= 3)
    digits.insert(static_cast<std::size_t>(i), ",");
  return digits;
}

std::string mib(std::uint64_t bytes) {
  return fmt::format("{:.1f}", static_cast<double>(bytes) / kMiB);
}
std::string fixed(double value) {
  return fmt::format("{:.2f}", value);
}
std::string millis(double value) {
  return fmt::format("{:.1f}", value);
}

std::uint64_t component_bytes(const StoreRun& run, const std::string& name) {
  for (const MemoryComponent& component : run.memory.components) {
    if (component.name == name) return component.bytes;
  }
  return 0;
}

void print_snapshot_rows(const Table& table) {
  table.heading("snapshot");
  table.row("  save (ms)", [](const StoreRun& run) { return millis(run.snapshot.save_ms); });
  table.row("  file (MiB)", [](const StoreRun& run) { return mib(run.snapshot.file_bytes); });
  table.row("  first load, pages dropped (ms)",
            [](const StoreRun& run) { return millis(run.snapshot.first_load_ms); });
  table.row(fmt::format("  median load, page cache (ms) [< {:.0f}]", kTargetSnapshotLoadMs),
            [](const StoreRun& run) { return millis(run.snapshot.median_load_ms); });
}

}  // namespace

void print_store_table(std::span<const StoreRun> runs) {
  const Table table(runs);
  fmt::print("trellis_bench store (seed {})\n", runs.empty() ? 0 : runs.front().seed);
  table.row("nodes requested", [](const StoreRun& run) { return count(run.requested_nodes); });
  table.row("generate (ms)", [](const StoreRun& run) { return millis(run.generation_ms); });
  table.row("build (ms)", [](const StoreRun& run) { return millis(run.build_ms); });

  table.row("nodes", [](const StoreRun& run) { return count(run.node_count); });
  for (const LabelDef& def : all_labels()) {
    table.row(fmt::format("  {}", def.name), [&def](const StoreRun& run) {
      return count(run.nodes_by_label[index_of(def.label)]);
    });
  }
  table.row("edges", [](const StoreRun& run) { return count(run.edge_count); });
  for (const RelTypeDef& def : all_rel_types()) {
    table.row(fmt::format("  {}", def.name),
              [&def](const StoreRun& run) { return count(run.edges_by_type[index_of(def.type)]); });
  }

  table.row("memory (MiB)", [](const StoreRun& run) { return mib(run.memory.total_bytes); });
  if (!runs.empty()) {
    for (const MemoryComponent& component : runs.front().memory.components) {
      table.row(fmt::format("  {}", component.name), [&component](const StoreRun& run) {
        return mib(component_bytes(run, component.name));
      });
    }
  }
  table.row("  node side", [](const StoreRun& run) { return mib(run.memory.node_bytes); });
  table.row("  adjacency, both directions",
            [](const StoreRun& run) { return mib(run.memory.adjacency_bytes); });
  table.row("    of which offsets",
            [](const StoreRun& run) { return mib(run.memory.adjacency_offset_bytes); });
  table.row("  edge properties",
            [](const StoreRun& run) { return mib(run.memory.edge_property_bytes); });
  table.row(fmt::format("bytes per node [<= {:.0f}]", kTargetBytesPerNode),
            [](const StoreRun& run) { return fixed(run.bytes_per_node()); });
  table.row(fmt::format("bytes per edge, both directions [<= {:.0f}]", kTargetBytesPerEdge),
            [](const StoreRun& run) { return fixed(run.bytes_per_edge()); });
  table.row("  without offsets",
            [](const StoreRun& run) { return fixed(run.bytes_per_edge_without_offsets()); });
  table.row("edge property bytes per edge",
            [](const StoreRun& run) { return fixed(run.edge_property_bytes_per_edge()); });
  table.row("peak RSS after build (MiB)",
            [](const StoreRun& run) { return mib(run.peak_rss_bytes); });
  print_snapshot_rows(table);
  table.row("checks", [](const StoreRun& run) {
    return run.failed_checks.empty() ? std::string("ok")
                                     : fmt::format("{} FAILED", run.failed_checks.size());
  });
  for (const StoreRun& run : runs) {
    for (const std::string& failure : run.failed_checks)
      fmt::print("  {} nodes: {}\n", count(run.requested_nodes), failure);
  }
}

}  // namespace trellis::bench
