// `trellis_bench queries --data DIR [--runs R] [--json] [--answers FILE]`:
// loads the snapshot and targets.json a `trellis_bench dataset` run wrote
// into DIR, runs every workload of query_workloads.hpp over its targets R
// times and reports latency percentiles: the query alone, and the query
// plus building the contract's JSON result objects (what the CLI and the
// MCP server do). --answers writes each target's answer (node ids and
// depths) for the side-by-side check against Kùzu (bench/kuzu/).
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <string>

namespace trellis::bench {

struct QueriesCommandOptions {
  std::filesystem::path data;
  int runs = 10;
  bool json = false;
  std::filesystem::path answers;
  std::string only;  // run just this workload
};

CLI::App& add_queries_command(CLI::App& app, QueriesCommandOptions& options);

int run_queries_command(const QueriesCommandOptions& options);

}  // namespace trellis::bench
