// `trellis_bench mcp --db FILE --trellis PATH [--calls N] [--depth D] [--json]`:
// per-call latency of query_callers through `trellis serve`, as an MCP
// client sees it: one request line written, its answer line read, timed
// one call at a time after initialize and one untimed call, so process
// start and the snapshot load are excluded. Targets are N functions and
// methods with callers, spread evenly over the graph's ids, plus the 10
// most-called ones (hubs). Reports p50/p95/max of the round trip and of
// the server's own metadata.execution_time_ms (the query and its JSON),
// and, as the same run's baseline, of a ping sent before each call (the
// transport alone: no worker thread, no graph).
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>

namespace trellis::bench {

struct McpCommandOptions {
  std::filesystem::path db;
  std::filesystem::path trellis;
  int calls = 1000;
  int depth = 1;
  bool json = false;
};

CLI::App& add_mcp_command(CLI::App& app, McpCommandOptions& options);

int run_mcp_command(const McpCommandOptions& options);

}  // namespace trellis::bench
