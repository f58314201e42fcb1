#include "search/search_command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string_view>

#include "common/stopwatch.hpp"
#include "queries/latency_summary.hpp"
#include "trellis/database.hpp"
#include "trellis/queries/search_queries.hpp"
#include "trellis/queries/similar_queries.hpp"

namespace trellis::bench {
namespace {

constexpr std::string_view kDefaultQueries[] = {
    "matrix determinant",        "simplify trigonometric",   "integrate rational function",
    "solve polynomial equation", "\"greatest common divisor\"", "parse latex",
    "series expansion",          "derivative",               "eigenvalues",
    "groebner basis",            "prime factorization",      "printing",
    "lambdify",                  "assumptions positive",     "cache",
    "Piecewise",                 "limit at infinity",        "hypergeometric",
    "permutation group",         "sparse matrix",
};

struct Pass {
  LatencySummary latency;
  std::size_t hits = 0;  // over one run of every query
};

Pass measure(const Database& database, const std::vector<std::string>& queries, int runs,
             const queries::SourceReader* sources) {
  queries::TraversalScratch scratch;
  std::vector<double> samples;
  Pass pass;
  for (const std::string& text : queries) {
    queries::SearchRequest request;
    request.text = text;
    auto warm = queries::query_search(database.store(), request, scratch, sources);
    if (warm.ok()) pass.hits += warm->count.total_count;
    for (int run = 0; run < runs; ++run) {
      const Stopwatch clock;
      auto result = queries::query_search(database.store(), request, scratch, sources);
      samples.push_back(clock.elapsed_ms() * 1000.0);
      if (!result.ok()) break;
    }
  }
  pass.latency = summarize_latency(samples);
  return pass;
}

// query_similar (find_similar, `trellis query similar`) on `targets`
// functions and methods spread evenly over the graph's ids.
Pass measure_similar(const Database& database, std::size_t targets, int runs) {
  const GraphStore& store = database.store();
  std::vector<NodeId> callables;
  for (NodeId node = 0; node < store.node_count(); ++node) {
    const Label label = store.label(node);
    if (label == Label::Function || label == Label::Method) callables.push_back(node);
  }
  queries::TraversalScratch scratch;
  std::vector<double> samples;
  Pass pass;
  const std::size_t step = std::max<std::size_t>(1, callables.size() / std::max<std::size_t>(targets, 1));
  for (std::size_t i = 0; i < callables.size() && i / step < targets; i += step) {
    const queries::SimilarRequest request{store.node_id(callables[i]), 10, 0};
    auto warm = queries::query_similar(store, request, scratch);
    if (warm.ok()) pass.hits += warm->count.total_count;
    for (int run = 0; run < runs; ++run) {
      const Stopwatch clock;
      auto result = queries::query_similar(store, request, scratch);
      samples.push_back(clock.elapsed_ms() * 1000.0);
      if (!result.ok()) break;
    }
  }
  pass.latency = summarize_latency(samples);
  return pass;
}

nlohmann::json latency_json(const Pass& pass) {
  return {{"samples", pass.latency.samples}, {"p50_us", pass.latency.p50_us}, {"p95_us", pass.latency.p95_us},
          {"max_us", pass.latency.max_us},   {"mean_us", pass.latency.mean_us}, {"total_hits", pass.hits}};
}

}  // namespace

CLI::App& add_search_command(CLI::App& app, SearchCommandOptions& options) {
  CLI::App& search = *app.add_subcommand("search", "Full-text search latency over an indexed snapshot");
  search.add_option("DB", options.database, "Snapshot written by `trellis index` (.trellis/graph.trellis)")
      ->required()
      ->check(CLI::ExistingFile);
  search.add_option("--query", options.queries, "A search text (repeatable; default: a fixed set of 20)");
  search.add_option("--runs", options.runs, "Timed runs of each query")->capture_default_str()->check(CLI::Range(1, 1000));
  search.add_option("--similar-targets", options.similar_targets,
                    "Functions and methods (spread over the graph) to time `query similar` on; 0: none")
      ->capture_default_str();
  search.add_flag("--json", options.json, "Print one JSON document instead of the table");
  return search;
}

int run_search_command(const SearchCommandOptions& options) {
  auto opened = Database::open(options.database);
  if (!opened.ok()) {
    fmt::print(stderr, "{}\n", opened.error().message);
    return 1;
  }
  std::vector<std::string> queries = options.queries;
  if (queries.empty()) queries.assign(std::begin(kDefaultQueries), std::end(kDefaultQueries));
  const Pass index_only = measure(*opened, queries, options.runs, nullptr);
  const Pass with_sources = measure(*opened, queries, options.runs, &opened->sources());
  const Pass similar = measure_similar(*opened, options.similar_targets, options.runs);
  if (options.json) {
    const nlohmann::json document = {{"database", options.database.string()},
                                     {"queries", queries},
                                     {"runs", options.runs},
                                     {"nodes", opened->store().node_count()},
                                     {"search", latency_json(index_only)},
                                     {"search_with_source_snippets", latency_json(with_sources)},
                                     {"similar_targets", options.similar_targets},
                                     {"similar", latency_json(similar)}};
    fmt::print("{}\n", document.dump(2));
    return 0;
  }
  fmt::print("{}: {} nodes, {} queries x {} runs\n", options.database.string(), opened->store().node_count(),
             queries.size(), options.runs);
  for (const auto& [name, pass] : {std::pair<std::string_view, const Pass&>{"index only", index_only},
                                   std::pair<std::string_view, const Pass&>{"with sources", with_sources},
                                   std::pair<std::string_view, const Pass&>{"similar", similar}}) {
    fmt::print("  {:<13} p50 {:8.1f} us  p95 {:8.1f} us  max {:8.1f} us  ({} hits over the queries or targets)\n", name,
               pass.latency.p50_us, pass.latency.p95_us, pass.latency.max_us, pass.hits);
  }
  return 0;
}

}  // namespace trellis::bench
