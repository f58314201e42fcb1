#include "dataset/dataset_run.hpp"

#include <system_error>

#include "common/stopwatch.hpp"
#include "dataset/target_selection.hpp"
#include "dataset/targets_json.hpp"
#include "generator/code_graph_generator.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/interchange/csv_export.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::bench {

Result<DatasetRun> write_dataset(const DatasetOptions& options) {
  DatasetRun run;
  run.seed = options.seed;
  run.out = options.out;
  run.snapshot = options.snapshot.empty() ? options.out / "graph.trellis" : options.snapshot;

  const Stopwatch generation;
  auto builder = generate_code_graph(CodeGraphOptions{options.nodes, options.seed});
  if (!builder) return std::move(builder).take_error();
  run.generation_ms = generation.elapsed_ms();

  const Stopwatch build;
  auto built = std::move(*builder).build();
  if (!built) return std::move(built).take_error();
  run.build_ms = build.elapsed_ms();
  const GraphStore& store = built->store;
  run.nodes = static_cast<std::uint32_t>(store.node_count());
  run.edges = store.edge_count();

  const Stopwatch csv;
  if (Status written = export_csv(store, options.out); !written)
    return std::move(written).take_error();
  run.export_csv_ms = csv.elapsed_ms();

  const Stopwatch save;
  if (Status saved = save_snapshot(Snapshot{store, {}}, run.snapshot); !saved) {
    return std::move(saved).take_error();
  }
  run.save_snapshot_ms = save.elapsed_ms();

  const Stopwatch selection;
  const auto kinds =
      select_targets(store, {options.seed, options.random_targets, options.hub_targets});
  run.select_targets_ms = selection.elapsed_ms();
  for (const TargetKind& kind : kinds)
    run.targets_per_kind.emplace_back(kind.name, kind.targets.size());

  // Relative to the folder when it is inside it, so the folder can move.
  const auto relative = run.snapshot.lexically_relative(options.out);
  const bool inside = !relative.empty() && *relative.begin() != "..";
  const DatasetInfo info{run.nodes,           run.edges,
                         options.seed,        options.random_targets,
                         options.hub_targets, (inside ? relative : run.snapshot).string()};
  const std::string text = targets_json(store, info, kinds).dump(2) + "\n";
  if (Status written = write_file_atomically(options.out / "targets.json", text); !written) {
    return std::move(written).take_error();
  }
  return run;
}

}  // namespace trellis::bench
