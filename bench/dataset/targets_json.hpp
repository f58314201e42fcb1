// targets.json, the query targets of a benchmark dataset (shape in
// bench/kuzu/README.md): per kind, each target's qualified_name, label,
// interchange id (its NodeId, the `id` column of nodes.csv), origin and
// degree.
#pragma once

#include <nlohmann/json.hpp>
#include <span>

#include "dataset/target_selection.hpp"

namespace trellis::bench {

struct DatasetInfo {
  std::uint32_t nodes = 0;
  std::uint64_t edges = 0;
  std::uint64_t seed = 1;
  std::size_t random_count = 0;
  std::size_t hub_count = 0;
  std::string snapshot;  // the snapshot's path, relative to the folder when inside it
};

nlohmann::ordered_json targets_json(const GraphStore& store, const DatasetInfo& info,
                                    std::span<const TargetKind> kinds);

}  // namespace trellis::bench
