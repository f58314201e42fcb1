#include "dataset/dataset_command.hpp"

#include <fmt/format.h>

#include <cstdio>

#include "dataset/dataset_report.hpp"
#include "generator/code_graph_generator.hpp"

namespace trellis::bench {

CLI::App& add_dataset_command(CLI::App& app, DatasetCommandOptions& options) {
  DatasetOptions& dataset = options.dataset;
  CLI::App& command = *app.add_subcommand(
      "dataset", "Write a generated graph as CSV and snapshot, with seeded query targets");
  CLI::Option* nodes = command.add_option("--nodes", dataset.nodes, "Graph size in nodes")
                           ->check(CLI::Range(kMinGeneratedNodes, kMaxGeneratedNodes));
  CLI::Option* from =
      command
          .add_option("--from", dataset.from,
                      "Pick the targets from this snapshot (an indexed repository) instead of generating a graph; "
                      "only targets.json is written")
          ->check(CLI::ExistingFile);
  nodes->excludes(from);
  from->excludes(nodes);
  command.callback([nodes, from] {
    if (nodes->count() == 0 && from->count() == 0) throw CLI::RequiredError("--nodes or --from");
  });
  command.add_option("--out", dataset.out, "Folder for nodes.csv, edges.csv and targets.json")
      ->required();
  command.add_option("--seed", dataset.seed, "Generator and target seed")->capture_default_str();
  command.add_option("--targets", dataset.random_targets, "Random targets per query kind")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  command
      .add_option("--hubs", dataset.hub_targets, "Hub targets per query kind (where it has hubs)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000));
  command.add_option("--db", dataset.snapshot,
                     "Where the snapshot goes (default: OUT/graph.trellis)");
  command.add_flag("--json", options.json, "Print one JSON document instead of the table");
  return command;
}

int run_dataset_command(const DatasetCommandOptions& options) {
  const auto run = write_dataset(options.dataset);
  if (!run) {
    fmt::print(stderr, "dataset: {}\n", run.error().message);
    return 1;
  }
  if (options.json) {
    fmt::print("{}\n", dataset_report_json(*run).dump(2));
  } else {
    print_dataset_table(*run);
  }
  return 0;
}

}  // namespace trellis::bench
