// `trellis_bench dataset`: one generated graph written for the query
// benchmarks of both engines: nodes.csv and edges.csv (the interchange
// format), the Trellis snapshot of the same store, and targets.json. With
// `from`, the targets of an existing snapshot (an indexed repository)
// instead: only targets.json is written, naming that snapshot.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "trellis/common/error.hpp"

namespace trellis::bench {

struct DatasetOptions {
  std::uint32_t nodes = 0;
  std::uint64_t seed = 1;
  std::filesystem::path out;       // created if needed
  std::filesystem::path snapshot;  // empty: out / "graph.trellis"
  std::filesystem::path from;      // an existing snapshot to pick targets from (no generation)
  std::size_t random_targets = 50;
  std::size_t hub_targets = 10;
};

struct DatasetRun {
  std::uint32_t nodes = 0;
  std::uint64_t edges = 0;
  std::uint64_t seed = 1;
  std::filesystem::path out;
  std::filesystem::path snapshot;
  double generation_ms = 0;
  double build_ms = 0;
  double export_csv_ms = 0;
  double save_snapshot_ms = 0;
  double select_targets_ms = 0;
  std::vector<std::pair<std::string, std::size_t>> targets_per_kind;  // in targets.json order
};

// Generates the graph (the `store` mode's generator, same seed: same graph)
// and writes the files. Fails with the first write's error.
Result<DatasetRun> write_dataset(const DatasetOptions& options);

}  // namespace trellis::bench
