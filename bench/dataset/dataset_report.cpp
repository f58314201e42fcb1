#include "dataset/dataset_report.hpp"

#include <fmt/format.h>

namespace trellis::bench {

nlohmann::ordered_json dataset_report_json(const DatasetRun& run) {
  using Json = nlohmann::ordered_json;
  Json targets = Json::object();
  for (const auto& [kind, count] : run.targets_per_kind) targets[kind] = count;
  return Json{{"nodes", run.nodes},
              {"edges", run.edges},
              {"seed", run.seed},
              {"files", Json{{"nodes", (run.out / "nodes.csv").string()},
                             {"edges", (run.out / "edges.csv").string()},
                             {"targets", (run.out / "targets.json").string()},
                             {"snapshot", run.snapshot.string()}}},
              {"targets", std::move(targets)},
              {"timings_ms", Json{{"generation", run.generation_ms},
                                  {"build", run.build_ms},
                                  {"export_csv", run.export_csv_ms},
                                  {"save_snapshot", run.save_snapshot_ms},
                                  {"select_targets", run.select_targets_ms}}}};
}

void print_dataset_table(const DatasetRun& run) {
  constexpr int kWidth = 24;
  fmt::print("{:<{}}{}\n", "nodes", kWidth, run.nodes);
  fmt::print("{:<{}}{}\n", "edges", kWidth, run.edges);
  fmt::print("{:<{}}{}\n", "seed", kWidth, run.seed);
  fmt::print("{:<{}}{}\n", "csv and targets.json", kWidth, run.out.string());
  fmt::print("{:<{}}{}\n", "snapshot", kWidth, run.snapshot.string());
  fmt::print("\n{:<{}}{:>12}\n", "step", kWidth, "ms");
  fmt::print("{:<{}}{:>12.1f}\n", "generation", kWidth, run.generation_ms);
  fmt::print("{:<{}}{:>12.1f}\n", "build", kWidth, run.build_ms);
  fmt::print("{:<{}}{:>12.1f}\n", "export csv", kWidth, run.export_csv_ms);
  fmt::print("{:<{}}{:>12.1f}\n", "save snapshot", kWidth, run.save_snapshot_ms);
  fmt::print("{:<{}}{:>12.1f}\n", "select targets", kWidth, run.select_targets_ms);
  fmt::print("\n{:<{}}{:>12}\n", "query kind", kWidth, "targets");
  for (const auto& [kind, count] : run.targets_per_kind)
    fmt::print("{:<{}}{:>12}\n", kind, kWidth, count);
}

}  // namespace trellis::bench
