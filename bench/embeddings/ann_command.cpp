#include "embeddings/ann_command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/stopwatch.hpp"
#include "queries/latency_summary.hpp"
#include "trellis/embeddings/ann_index.hpp"
#include "trellis/embeddings/vector_store.hpp"

namespace trellis::bench {
namespace {

constexpr double kRecallFloor = 0.95;

std::vector<float> random_vector(std::mt19937_64& random, std::size_t dimension) {
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::vector<float> vector(dimension);
  for (float& x : vector) x = normal(random);
  return vector;
}

}  // namespace

CLI::App& add_ann_command(CLI::App& app, AnnCommandOptions& options) {
  CLI::App& ann = *app.add_subcommand("ann", "Approximate nearest-neighbour search (search --vector): latency, recall");
  ann.add_option("--vectors", options.vectors, "Random vectors indexed")->capture_default_str()->check(CLI::Range(1, 10000000));
  ann.add_option("--dimension", options.dimension, "Their dimension")->capture_default_str()->check(CLI::Range(1, 4096));
  ann.add_option("--queries", options.queries, "Searches timed")->capture_default_str()->check(CLI::Range(1, 100000));
  ann.add_option("--k", options.k, "Neighbours per search")->capture_default_str()->check(CLI::Range(1, 100));
  ann.add_option("--clusters", options.clusters, "Centres the vectors gather around (0: independent normal vectors)")
      ->capture_default_str();
  ann.add_option("--spread", options.spread, "Spread of a cluster (normal noise per number)")->capture_default_str();
  ann.add_option("--ef", options.ef, "HNSW candidates per search")->capture_default_str();
  ann.add_option("--m", options.m, "HNSW links per node")->capture_default_str();
  ann.add_option("--ef-construction", options.ef_construction, "HNSW candidates while building")->capture_default_str();
  ann.add_option("--scan-limit", options.scan_limit,
                 "Rows x dimension up to which every row is scanned as 8-bit codes (0: always the HNSW graph)")
      ->capture_default_str();
  ann.add_flag("--json", options.json, "Print one JSON document instead of the table");
  return ann;
}

namespace {

struct Pass {
  LatencySummary latency;
  double recall = 0;
};

// Q searches of the K nearest to query vectors `make_query` draws, timed, and
// their recall@K against exact search.
template <class MakeQuery>
Pass measure(const embeddings::VectorStore& store, const embeddings::AnnIndex& index, const AnnCommandOptions& options,
             MakeQuery make_query) {
  std::vector<double> samples;
  std::size_t found = 0;
  for (std::size_t q = 0; q < options.queries; ++q) {
    const std::vector<float> query = make_query();
    const Stopwatch clock;
    const std::vector<embeddings::VectorHit> hits = index.search(query, options.k);
    samples.push_back(clock.elapsed_ms() * 1000.0);
    const std::vector<embeddings::VectorHit> exact = embeddings::exact_search(store, query, options.k);
    for (const embeddings::VectorHit& hit : hits) {
      found += static_cast<std::size_t>(std::count_if(exact.begin(), exact.end(),
                                                      [&](const embeddings::VectorHit& e) { return e.row == hit.row; }));
    }
  }
  Pass pass;
  pass.latency = summarize_latency(samples);
  pass.recall = static_cast<double>(found) /
                static_cast<double>(options.queries * std::min(options.k, options.vectors));
  return pass;
}

nlohmann::json pass_json(const Pass& pass) {
  return {{"p50_us", pass.latency.p50_us}, {"p95_us", pass.latency.p95_us}, {"max_us", pass.latency.max_us},
          {"mean_us", pass.latency.mean_us}, {"recall_at_k", pass.recall}};
}

}  // namespace

int run_ann_command(const AnnCommandOptions& options) {
  std::mt19937_64 random(20261126);
  // Without clusters: independent normal vectors. With C clusters: each
  // vector is one of C random centres plus normal noise of spread
  // options.spread, as embeddings of related code gather.
  std::vector<std::vector<float>> centres;
  for (std::size_t c = 0; c < options.clusters; ++c) centres.push_back(random_vector(random, options.dimension));
  std::uniform_int_distribution<std::size_t> pick_centre(0, options.clusters == 0 ? 0 : options.clusters - 1);
  std::normal_distribution<float> spread(0.0f, options.spread);
  const auto draw = [&] {
    if (centres.empty()) return random_vector(random, options.dimension);
    std::vector<float> vector = centres[pick_centre(random)];
    for (float& x : vector) x += spread(random);
    return vector;
  };
  embeddings::VectorStore store(options.dimension);
  for (std::size_t i = 0; i < options.vectors; ++i) (void)store.put(i + 1, 0, draw());
  const embeddings::AnnOptions ann_options{options.m, options.ef_construction, options.ef, options.scan_limit};
  const Stopwatch build_clock;
  auto index = embeddings::AnnIndex::build(store, ann_options);
  const double build_ms = build_clock.elapsed_ms();
  if (!index.ok()) {
    fmt::print(stderr, "{}\n", index.error().message);
    return 1;
  }
  // Queries near some stored vector (it plus noise of half the spread); and
  // new vectors drawn as the stored ones were (for independent normal
  // vectors, the worst case: every neighbour is about as far).
  std::uniform_int_distribution<std::size_t> pick(0, options.vectors - 1);
  std::normal_distribution<float> noise(0.0f, 0.5f * (centres.empty() ? 1.0f : options.spread));
  const Pass near = measure(store, *index, options, [&] {
    const auto base = store.vector(pick(random));
    std::vector<float> query(base.begin(), base.end());
    for (float& x : query) x += noise(random);
    return query;
  });
  const Pass independent = measure(store, *index, options, draw);
  if (options.json) {
    const nlohmann::json document = {
        {"vectors", options.vectors}, {"dimension", options.dimension}, {"queries", options.queries},
        {"clusters", options.clusters}, {"spread", options.spread},
        {"k", options.k}, {"ef", options.ef}, {"m", options.m}, {"ef_construction", options.ef_construction},
        {"build_seconds", build_ms / 1000.0}, {"method", index->scans() ? "scan" : "hnsw"},
        {"queries_near_stored_vectors", pass_json(near)},
        {"queries_drawn_like_the_data", pass_json(independent)}};
    fmt::print("{}\n", document.dump(2));
  } else {
    fmt::print("{} random vectors of dimension {} ({}; {}): built in {:.1f} s\n", options.vectors,
               options.dimension,
               options.clusters == 0 ? std::string("independent normal")
                                     : fmt::format("{} clusters, spread {}", options.clusters, options.spread),
               index->scans() ? std::string("every row scanned as 8-bit codes")
                              : fmt::format("HNSW M {}, ef_construction {}, ef {}", options.m,
                                            options.ef_construction, options.ef),
               build_ms / 1000.0);
    for (const auto& [name, pass] : {std::pair<std::string_view, const Pass&>{"near stored", near},
                                     std::pair<std::string_view, const Pass&>{"drawn anew", independent}}) {
      fmt::print("  {:<12} k={}  p50 {:8.1f} us  p95 {:8.1f} us  max {:8.1f} us  recall@{} {:.4f} over {} queries\n",
                 name, options.k, pass.latency.p50_us, pass.latency.p95_us, pass.latency.max_us, options.k,
                 pass.recall, options.queries);
    }
  }
  return near.recall < kRecallFloor ? 1 : 0;
}

}  // namespace trellis::bench
