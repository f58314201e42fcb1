// `trellis_bench dataset --nodes N --out DIR [--seed S] [--targets K]
// [--hubs H] [--db FILE] [--json]`: writes one generated graph for the
// query benchmarks (dataset_run.hpp) and reports what it wrote. Exit status
// 0 on success, 1 when a file could not be written.
#pragma once

#include <CLI/CLI.hpp>

#include "dataset/dataset_run.hpp"

namespace trellis::bench {

struct DatasetCommandOptions {
  DatasetOptions dataset;
  bool json = false;
};

// Declares the `dataset` subcommand on `app`, writing its options to `options`.
CLI::App& add_dataset_command(CLI::App& app, DatasetCommandOptions& options);

int run_dataset_command(const DatasetCommandOptions& options);

}  // namespace trellis::bench
