// `trellis_bench ann [--vectors N] [--dimension D] [--clusters C] [--spread S]
// [--queries Q] [--k K] [--ef EF] [--m M] [--json]`: the approximate
// nearest-neighbour index behind `trellis search --vector` / search_semantic
// on N random vectors (fixed seed) of dimension D — independent normal
// vectors, or C clusters of normal spread S around random centres — : its
// build time, the latency of Q searches of the K nearest (percentiles) and
// their recall@K against exact search (every vector compared), for queries
// near stored vectors (a stored vector plus noise) and for new vectors
// drawn as the stored ones were.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>

#include "trellis/embeddings/ann_index.hpp"

namespace trellis::bench {

struct AnnCommandOptions {
  std::size_t vectors = 50000;
  std::size_t dimension = 384;
  std::size_t queries = 200;
  std::size_t k = 10;
  std::size_t clusters = 0;  // 0: independent normal vectors
  float spread = 0.3f;
  std::size_t ef = 128;
  std::size_t m = 16;
  std::size_t ef_construction = 200;
  // Rows x dimension up to which the index scans (AnnOptions::scan_limit).
  std::size_t scan_limit = embeddings::AnnOptions{}.scan_limit;
  bool json = false;
};

CLI::App& add_ann_command(CLI::App& app, AnnCommandOptions& options);

// 1 when recall@K of the queries near stored vectors falls under 0.95 (its
// own check), else 0.
int run_ann_command(const AnnCommandOptions& options);

}  // namespace trellis::bench
