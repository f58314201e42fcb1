// `trellis_bench cypher --data DIR [--runs R] [--out FILE] [--only NAME] [--json]`: the
// latency of Cypher queries through trellis::cypher::run_cypher (parse,
// bind, plan, run, rows collected) on a `trellis_bench dataset` folder:
//   two_hop_distinct  MATCH (f:<label> {qualified_name: $q})<-[:CALLS]-()<-[:CALLS]-(g)
//                     RETURN DISTINCT g.qualified_name, over every callers target
//                     (random and hubs), R timed runs each after one untimed run
//   top10_in_degree   MATCH (f:Function)<-[:CALLS]-() RETURN f.qualified_name,
//                     count(*) AS c ORDER BY c DESC LIMIT 10, R timed runs
// and reports p50/p95/max in ms. --out writes the answers and latencies as
// JSON (bench/kuzu/cypher.mjs runs the same queries in Kùzu and compares).
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <string>

namespace trellis::bench {

struct CypherBenchOptions {
  std::filesystem::path data;
  int runs = 10;
  bool json = false;
  std::filesystem::path out;
  std::string only;  // run just this workload
};

CLI::App& add_cypher_bench_command(CLI::App& app, CypherBenchOptions& options);

int run_cypher_bench_command(const CypherBenchOptions& options);

}  // namespace trellis::bench
