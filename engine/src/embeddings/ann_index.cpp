#include "trellis/embeddings/ann_index.hpp"

#include <fmt/format.h>
#include <hnswlib/hnswlib.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>
#include <queue>

#include "quantized_scan.hpp"

namespace trellis::embeddings {

struct AnnIndex::Graph {
  explicit Graph(std::size_t dimension) : space(dimension) {}
  hnswlib::InnerProductSpace space;
  std::unique_ptr<hnswlib::HierarchicalNSW<float>> hnsw;
};

namespace {

float dot(std::span<const float> a, std::span<const float> b) {
  float sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += a[i] * b[i];
  return sum;
}

// Whether the graph holds exactly the store's rows (unit length), row r as label r.
bool holds(const hnswlib::HierarchicalNSW<float>& hnsw, const VectorStore& store) {
  if (hnsw.cur_element_count != store.size()) return false;
  for (std::size_t row = 0; row < store.size(); ++row) {
    const auto found = hnsw.label_lookup_.find(row);
    if (found == hnsw.label_lookup_.end()) return false;
    const std::vector<float> unit = unit_vector(store.vector(row));
    if (std::memcmp(hnsw.getDataByInternalId(found->second), unit.data(), unit.size() * sizeof(float)) != 0) {
      return false;
    }
  }
  return true;
}

}  // namespace

std::vector<float> unit_vector(std::span<const float> vector) {
  std::vector<float> unit(vector.begin(), vector.end());
  const float norm = std::sqrt(dot(vector, vector));
  if (norm > 0) {
    for (float& x : unit) x /= norm;
  }
  return unit;
}

std::vector<VectorHit> exact_search(const VectorStore& store, std::span<const float> query, std::size_t k) {
  const std::vector<float> unit = unit_vector(query);
  std::vector<VectorHit> hits;
  hits.reserve(store.size());
  for (std::size_t row = 0; row < store.size(); ++row) {
    const auto vector = store.vector(row);
    const float norm = std::sqrt(dot(vector, vector));
    hits.push_back({row, norm > 0 ? dot(unit, vector) / norm : 0.0f});
  }
  const auto better = [](const VectorHit& a, const VectorHit& b) {
    return a.score != b.score ? a.score > b.score : a.row < b.row;
  };
  const std::size_t keep = std::min(k, hits.size());
  std::partial_sort(hits.begin(), hits.begin() + static_cast<std::ptrdiff_t>(keep), hits.end(), better);
  hits.resize(keep);
  return hits;
}

AnnIndex::AnnIndex(std::unique_ptr<Graph> graph, std::size_t dimension)
    : graph_(std::move(graph)), dimension_(dimension) {}
AnnIndex::AnnIndex(std::unique_ptr<QuantizedScan> scan, std::size_t dimension)
    : scan_(std::move(scan)), dimension_(dimension) {}
AnnIndex::~AnnIndex() = default;
AnnIndex::AnnIndex(AnnIndex&&) noexcept = default;
AnnIndex& AnnIndex::operator=(AnnIndex&&) noexcept = default;

namespace {

bool scanned(const VectorStore& store, const AnnOptions& options) {
  return store.size() * store.dimension() <= options.scan_limit;
}

}  // namespace

Result<AnnIndex> AnnIndex::build(const VectorStore& store, const AnnOptions& options) {
  if (scanned(store, options)) {
    return AnnIndex(std::make_unique<QuantizedScan>(QuantizedScan::build(store)), store.dimension());
  }
  try {
    auto graph = std::make_unique<Graph>(store.dimension());
    graph->hnsw = std::make_unique<hnswlib::HierarchicalNSW<float>>(
        &graph->space, std::max<std::size_t>(store.size(), 1), options.m, options.ef_construction);
    for (std::size_t row = 0; row < store.size(); ++row) {
      const std::vector<float> unit = unit_vector(store.vector(row));
      graph->hnsw->addPoint(unit.data(), row);
    }
    graph->hnsw->setEf(options.ef_search);
    return AnnIndex(std::move(graph), store.dimension());
  } catch (const std::exception& e) {
    return make_error(ErrorCode::Internal, fmt::format("cannot build the vector index: {}", e.what()));
  }
}

Result<AnnIndex> AnnIndex::load_or_build(const std::filesystem::path& path, const VectorStore& store,
                                         const AnnOptions& options, bool* rebuilt) {
  if (rebuilt != nullptr) *rebuilt = false;
  if (scanned(store, options)) return build(store, options);  // nothing cached: made in a pass over the rows
  std::error_code error;
  if (store.size() != 0 && std::filesystem::exists(path, error)) {
    try {
      auto graph = std::make_unique<Graph>(store.dimension());
      graph->hnsw = std::make_unique<hnswlib::HierarchicalNSW<float>>(&graph->space, path.string());
      graph->hnsw->setEf(options.ef_search);
      if (holds(*graph->hnsw, store)) return AnnIndex(std::move(graph), store.dimension());
    } catch (const std::exception&) {
      // A damaged or foreign cache: built again below.
    }
  }
  if (rebuilt != nullptr) *rebuilt = true;
  return build(store, options);
}

Status AnnIndex::save(const std::filesystem::path& path) const {
  if (scan_ != nullptr) return {};
  std::filesystem::path temporary = path;
  temporary += ".tmp";
  try {
    graph_->hnsw->saveIndex(temporary.string());
  } catch (const std::exception& e) {
    return make_error(ErrorCode::DatabaseError, fmt::format("cannot save the vector index {}: {}", path.string(), e.what()));
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) {
    std::filesystem::remove(temporary, error);
    return make_error(ErrorCode::DatabaseError, fmt::format("cannot save the vector index {}", path.string()));
  }
  return {};
}

std::size_t AnnIndex::size() const { return scan_ != nullptr ? scan_->size() : graph_->hnsw->cur_element_count; }

std::vector<VectorHit> AnnIndex::search(std::span<const float> query, std::size_t k) const {
  std::vector<VectorHit> hits;
  if (size() == 0 || k == 0) return hits;
  const std::vector<float> unit = unit_vector(query);
  if (scan_ != nullptr) return scan_->search(unit, k);
  auto found = graph_->hnsw->searchKnn(unit.data(), std::min(k, size()));
  hits.resize(found.size());
  for (std::size_t i = found.size(); i-- > 0;) {
    hits[i] = {static_cast<std::size_t>(found.top().second), 1.0f - found.top().first};
    found.pop();
  }
  return hits;
}

std::filesystem::path ann_path(const std::filesystem::path& vectors) {
  std::filesystem::path path = vectors;
  path += ".hnsw";
  return path;
}

}  // namespace trellis::embeddings
