#include "store/measure_store.hpp"

#include <fmt/format.h>

#include <numeric>

#include "common/process_memory.hpp"
#include "common/timed_generation.hpp"
#include "store/snapshot_timing.hpp"
#include "trellis/store/graph_builder.hpp"
#include "trellis/store/store_parts.hpp"

namespace trellis::bench {
namespace {

void count(const GraphStore& store, StoreRun& run) {
  run.node_count = store.node_count();
  run.edge_count = store.edge_count();
  for (const LabelDef& def : all_labels())
    run.nodes_by_label[index_of(def.label)] = store.node_count(def.label);
  for (const RelTypeDef& def : all_rel_types())
    run.edges_by_type[index_of(def.type)] = store.edge_count(def.type);
  run.memory = store.memory_report();
  for_each_array(store.parts(), [&run](const std::string& name, const auto& array) {
    run.array_bytes.emplace_back(name, array.size_bytes());
  });
}

void check(bool ok, std::string what, StoreRun& run) {
  if (!ok) run.failed_checks.push_back(std::move(what));
}

void check_counts(StoreRun& run) {
  check(run.node_count == run.requested_nodes,
        fmt::format("store has {} nodes, {} were requested", run.node_count, run.requested_nodes),
        run);
  const auto label_sum =
      std::accumulate(run.nodes_by_label.begin(), run.nodes_by_label.end(), std::uint64_t{0});
  check(label_sum == run.node_count,
        fmt::format("nodes by label add up to {}, not {}", label_sum, run.node_count), run);
  const auto type_sum =
      std::accumulate(run.edges_by_type.begin(), run.edges_by_type.end(), std::uint64_t{0});
  check(type_sum == run.edge_count,
        fmt::format("edges by type add up to {}, not {}", type_sum, run.edge_count), run);
  for (const Label label : {Label::Project, Label::Package, Label::ExternalPackage, Label::Module,
                            Label::Class, Label::Function, Label::Method}) {
    check(run.nodes_by_label[index_of(label)] > 0, fmt::format("no {} node", to_string(label)),
          run);
  }
  for (const RelType type :
       {RelType::Contains, RelType::Defines, RelType::Calls, RelType::Inherits, RelType::Imports}) {
    check(run.edges_by_type[index_of(type)] > 0, fmt::format("no {} edge", to_string(type)), run);
  }
}

void check_memory(StoreRun& run) {
  const MemoryReport& memory = run.memory;
  std::uint64_t components = 0;
  for (const MemoryComponent& component : memory.components) components += component.bytes;
  std::uint64_t arrays = 0;
  for (const auto& [name, bytes] : run.array_bytes) arrays += bytes;
  check(components == memory.total_bytes,
        fmt::format("memory components add up to {} bytes, total says {}", components,
                    memory.total_bytes),
        run);
  check(arrays == memory.total_bytes,
        fmt::format("store arrays add up to {} bytes, total says {}", arrays, memory.total_bytes),
        run);
  check(
      memory.node_bytes + memory.adjacency_bytes + memory.edge_property_bytes == memory.total_bytes,
      "node, adjacency and edge property bytes do not add up to the total", run);
}

}  // namespace

Result<StoreRun> measure_store(const StoreRunOptions& options) {
  StoreRun run;
  run.requested_nodes = options.nodes;
  run.seed = options.seed;

  auto generated = generate_and_build(options.nodes, options.seed);
  if (!generated) return std::move(generated).take_error();
  run.generation_ms = generated->generation_ms;
  run.build_ms = generated->build_ms;
  const BuiltGraph& built = generated->built;
  run.peak_rss_bytes = peak_rss_bytes();

  count(built.store, run);
  check_counts(run);
  check_memory(run);

  auto snapshot =
      time_snapshot(built.store, options.snapshot_file, options.load_runs, run.failed_checks);
  if (!snapshot) return std::move(snapshot).take_error();
  run.snapshot = *snapshot;
  return run;
}

}  // namespace trellis::bench
