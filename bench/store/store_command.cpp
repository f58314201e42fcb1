#include "store/store_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

#include "generator/code_graph_generator.hpp"
#include "store/measure_store.hpp"
#include "store/store_report.hpp"

namespace trellis::bench {

CLI::App& add_store_command(CLI::App& app, StoreCommandOptions& options) {
  CLI::App& store = *app.add_subcommand(
      "store", "Generate code graphs, build the store, measure time and memory");
  store.add_option("--nodes", options.nodes, "Graph sizes in nodes, comma-separated")
      ->required()
      ->delimiter(',')
      ->check(CLI::Range(kMinGeneratedNodes, kMaxGeneratedNodes));
  store.add_option("--seed", options.seed, "Generator seed")->capture_default_str();
  store.add_flag("--json", options.json, "Print one JSON document instead of the table");
  store
      .add_option("--snapshot-dir", options.snapshot_dir,
                  "Where the snapshot files are written (and removed)")
      ->capture_default_str()
      ->check(CLI::ExistingDirectory);
  store
      .add_option("--load-runs", options.load_runs,
                  "Snapshot loads with the file in the page cache")
      ->capture_default_str()
      ->check(CLI::Range(1, 100));
  return store;
}

int run_store_command(const StoreCommandOptions& options) {
  std::vector<StoreRun> runs;
  bool passed = true;
  for (const std::uint32_t nodes : options.nodes) {
    const auto file =
        options.snapshot_dir / fmt::format("trellis_bench_{}_{}.trellis", ::getpid(), nodes);
    auto run = measure_store(StoreRunOptions{nodes, options.seed, file, options.load_runs});
    if (!run) {
      fmt::print(stderr, "store benchmark at {} nodes failed: {}\n", nodes, run.error().message);
      return 1;
    }
    for (const std::string& failure : run->failed_checks) {
      fmt::print(stderr, "check failed at {} nodes: {}\n", nodes, failure);
    }
    passed = passed && run->failed_checks.empty();
    runs.push_back(std::move(*run));
  }
  if (options.json) {
    fmt::print("{}\n", store_report_json(runs).dump(2));
  } else {
    print_store_table(runs);
  }
  return passed ? 0 : 1;
}

}  // namespace trellis::bench
