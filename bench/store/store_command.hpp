// `trellis_bench store --nodes N[,N2,...] [--seed S] [--json]
// [--snapshot-dir DIR] [--load-runs K]`: for each size, generate a code
// graph, build the store, save and load its snapshot, and report timings,
// counts and memory (store_report.hpp). Exit status 0 when every run passed its
// consistency checks, 1 otherwise or when a run could not be made.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <filesystem>
#include <vector>

namespace trellis::bench {

struct StoreCommandOptions {
  std::vector<std::uint32_t> nodes;
  std::uint64_t seed = 1;
  bool json = false;
  std::filesystem::path snapshot_dir = std::filesystem::temp_directory_path();
  std::uint32_t load_runs = 5;
};

// Declares the `store` subcommand on `app`, writing its options to `options`.
CLI::App& add_store_command(CLI::App& app, StoreCommandOptions& options);

int run_store_command(const StoreCommandOptions& options);

}  // namespace trellis::bench
