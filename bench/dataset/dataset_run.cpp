#include "dataset/dataset_run.hpp"

#include <optional>
#include <system_error>

#include "common/stopwatch.hpp"
#include "dataset/target_selection.hpp"
#include "dataset/targets_json.hpp"
#include "common/timed_generation.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/interchange/csv_export.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::bench {

Result<DatasetRun> write_dataset(const DatasetOptions& options) {
  DatasetRun run;
  run.seed = options.seed;
  run.out = options.out;
  run.snapshot = options.snapshot.empty() ? options.out / "graph.trellis" : options.snapshot;

  std::optional<TimedGraph> generated;
  std::optional<Snapshot> loaded;
  if (options.from.empty()) {
    auto made = generate_and_build(options.nodes, options.seed);
    if (!made) return std::move(made).take_error();
    generated = std::move(made).value();
    run.generation_ms = generated->generation_ms;
    run.build_ms = generated->build_ms;
  } else {
    std::error_code error;
    run.snapshot = std::filesystem::absolute(options.from, error);
    const Stopwatch load;
    auto opened = load_snapshot(run.snapshot);
    if (!opened) return std::move(opened).take_error();
    loaded = std::move(opened).value();
    run.build_ms = load.elapsed_ms();
  }
  const GraphStore& store = generated ? generated->built.store : loaded->store;
  run.nodes = static_cast<std::uint32_t>(store.node_count());
  run.edges = store.edge_count();

  if (std::error_code error; !std::filesystem::create_directories(options.out, error) && error) {
    return make_error(ErrorCode::InvalidArgument, "cannot create " + options.out.string() + ": " + error.message());
  }
  if (generated) {
    const Stopwatch csv;
    if (Status written = export_csv(store, options.out); !written) return std::move(written).take_error();
    run.export_csv_ms = csv.elapsed_ms();

    const Stopwatch save;
    if (Status saved = save_snapshot(Snapshot{store, {}}, run.snapshot); !saved) {
      return std::move(saved).take_error();
    }
    run.save_snapshot_ms = save.elapsed_ms();
  }

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
