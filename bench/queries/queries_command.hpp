// `trellis_bench queries --data DIR [--runs R] [--out FILE] [--only NAME] [--json]`:
// loads the snapshot and targets.json a `trellis_bench dataset` run wrote
// into DIR, runs every workload of query_workloads.hpp over its targets R
// times (after one untimed run) and reports latency percentiles: the query
// alone, and the query plus writing the contract's whole JSON document
// (output::answer_document, compact, the bytes the MCP server sends; the
// headline figure). --out writes
// the results JSON of bench/kuzu/README.md, answers included, for
// compare.mjs to check against Kùzu's; --json prints it instead of the table.
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <string>

namespace trellis::bench {

struct QueriesCommandOptions {
  std::filesystem::path data;
  int runs = 10;
  bool json = false;
  std::filesystem::path out;
  std::string only;  // run just this workload
};

CLI::App& add_queries_command(CLI::App& app, QueriesCommandOptions& options);

int run_queries_command(const QueriesCommandOptions& options);

}  // namespace trellis::bench
