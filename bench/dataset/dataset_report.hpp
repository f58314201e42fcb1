// What `trellis_bench dataset` wrote and how long each step took: one JSON
// document, or a table for people.
#pragma once

#include <nlohmann/json.hpp>

#include "dataset/dataset_run.hpp"

namespace trellis::bench {

nlohmann::ordered_json dataset_report_json(const DatasetRun& run);
void print_dataset_table(const DatasetRun& run);

}  // namespace trellis::bench
