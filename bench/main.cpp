// trellis_bench: benchmarks of the Trellis engine on generated code graphs.
// Modes are subcommands; each prints a table, or one JSON document with --json.
#include <CLI/CLI.hpp>

#include "cypher/cypher_bench_command.hpp"
#include "dataset/dataset_command.hpp"
#include "embeddings/ann_command.hpp"
#include "ingest/ingest_command.hpp"
#include "mcp/mcp_command.hpp"
#include "queries/queries_command.hpp"
#include "search/search_command.hpp"
#include "store/store_command.hpp"

int main(int argc, char** argv) {
  CLI::App app{
      "Trellis benchmarks: generated code graphs (store), real repositories (ingest), query "
      "benchmark datasets (dataset), query latency (queries), full-text search and similar latency (search), nearest-neighbour search over vectors (ann) and per-call latency through `trellis serve` (mcp)"};
  app.require_subcommand(1);
  trellis::bench::StoreCommandOptions store_options;
  const CLI::App& store = trellis::bench::add_store_command(app, store_options);
  trellis::bench::IngestCommandOptions ingest_options;
  const CLI::App& ingest = trellis::bench::add_ingest_command(app, ingest_options);
  trellis::bench::DatasetCommandOptions dataset_options;
  const CLI::App& dataset = trellis::bench::add_dataset_command(app, dataset_options);
  trellis::bench::QueriesCommandOptions queries_options;
  const CLI::App& queries = trellis::bench::add_queries_command(app, queries_options);
  trellis::bench::CypherBenchOptions cypher_options;
  const CLI::App& cypher = trellis::bench::add_cypher_bench_command(app, cypher_options);
  trellis::bench::McpCommandOptions mcp_options;
  const CLI::App& mcp = trellis::bench::add_mcp_command(app, mcp_options);
  trellis::bench::SearchCommandOptions search_options;
  const CLI::App& search = trellis::bench::add_search_command(app, search_options);
  trellis::bench::AnnCommandOptions ann_options;
  const CLI::App& ann = trellis::bench::add_ann_command(app, ann_options);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int status = app.exit(error);
    return status == 0 ? 0 : 2;
  }
  if (store.parsed()) return trellis::bench::run_store_command(store_options);
  if (ingest.parsed()) return trellis::bench::run_ingest_command(ingest_options);
  if (dataset.parsed()) return trellis::bench::run_dataset_command(dataset_options);
  if (queries.parsed()) return trellis::bench::run_queries_command(queries_options);
  if (cypher.parsed()) return trellis::bench::run_cypher_bench_command(cypher_options);
  if (mcp.parsed()) return trellis::bench::run_mcp_command(mcp_options);
  if (search.parsed()) return trellis::bench::run_search_command(search_options);
  if (ann.parsed()) return trellis::bench::run_ann_command(ann_options);
  return 2;
}
