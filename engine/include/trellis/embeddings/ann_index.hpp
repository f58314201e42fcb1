// Approximate nearest neighbours over a VectorStore by cosine similarity.
// Up to scan_limit numbers (rows x dimension: 50,000 rows of 384), every
// row is compared, as 8-bit codes, and the best candidates exactly
// (quantized_scan.hpp): recall near 1 whatever the vectors look like, no
// build time, a cost that grows with the rows. Above it, an HNSW graph
// (hnswlib) over the rows' unit-length copies, searched with
// ef = max(k, ef_search): fast on vectors with structure (real embeddings
// gather), poor on independent random ones. The graph is a cache beside the
// vectors (`graph.trellis.vectors.hnsw`): load() takes it only when it
// holds exactly the store's vectors, else builds it again.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/embeddings/vector_store.hpp"

namespace trellis::embeddings {

class QuantizedScan;

struct AnnOptions {
  std::size_t m = 16;                 // links per node
  std::size_t ef_construction = 200;  // candidates while building
  std::size_t ef_search = 128;        // candidates while searching (at least k)
  // Rows x dimension up to which rows are scanned rather than graphed.
  std::size_t scan_limit = std::size_t{1} << 25;
};

struct VectorHit {
  std::size_t row = 0;  // in the VectorStore
  float score = 0;      // cosine similarity, -1 .. 1
};

// `vector` scaled to length 1 (a zero vector stays zero).
std::vector<float> unit_vector(std::span<const float> vector);

// The k rows most similar to `query`, best first, by comparing it with
// every row: what the ANN index approximates (recall is measured against it).
std::vector<VectorHit> exact_search(const VectorStore& store, std::span<const float> query, std::size_t k);

class AnnIndex {
 public:
  ~AnnIndex();
  AnnIndex(AnnIndex&&) noexcept;
  AnnIndex& operator=(AnnIndex&&) noexcept;

  // A graph over every row of `store`, which must outlive nothing: the index keeps its own copies.
  static Result<AnnIndex> build(const VectorStore& store, const AnnOptions& options = {});
  // The graph saved at `path` when it holds exactly `store`'s vectors, else
  // one built anew (and `rebuilt` set).
  static Result<AnnIndex> load_or_build(const std::filesystem::path& path, const VectorStore& store,
                                        const AnnOptions& options = {}, bool* rebuilt = nullptr);
  // Writes the graph to `path` (a temporary file renamed over it).
  Status save(const std::filesystem::path& path) const;

  std::size_t size() const;
  std::size_t dimension() const { return dimension_; }
  // Whether it scans every row (no graph: save() writes nothing).
  bool scans() const { return scan_ != nullptr; }
  // The k rows nearest `query` (dimension() numbers), best first.
  std::vector<VectorHit> search(std::span<const float> query, std::size_t k) const;

 private:
  struct Graph;
  AnnIndex(std::unique_ptr<Graph> graph, std::size_t dimension);
  AnnIndex(std::unique_ptr<QuantizedScan> scan, std::size_t dimension);
  std::unique_ptr<Graph> graph_;
  std::unique_ptr<QuantizedScan> scan_;
  std::size_t dimension_ = 0;
};

// Where the ANN graph of the vectors at `vectors` is cached.
std::filesystem::path ann_path(const std::filesystem::path& vectors);

}  // namespace trellis::embeddings
