// A graph's embeddings made ready for `search --vector` / search_semantic:
// the vectors beside its snapshot (vector_store.hpp), their ANN index
// (ann_index.hpp), and each row's node in this graph (a vector whose node
// is gone has none).
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/embeddings/ann_index.hpp"
#include "trellis/embeddings/vector_store.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::embeddings {

class SemanticIndex {
 public:
  // The embeddings of the snapshot at `database` for `store`; nullopt when
  // none were imported. The ANN graph is read from its cache when it
  // matches, else built (and the cache written, when it can be).
  static Result<std::optional<SemanticIndex>> load(const std::filesystem::path& database, const GraphStore& store);
  // Over vectors already in memory (tests, the bench).
  static Result<SemanticIndex> over(VectorStore vectors, const GraphStore& store, const AnnOptions& options = {});

  const VectorStore& vectors() const { return vectors_; }
  const AnnIndex& ann() const { return ann_; }
  // The node of a row; kNoNode when that node is no longer in the graph.
  NodeId node(std::size_t row) const { return nodes_[row]; }

 private:
  SemanticIndex(VectorStore vectors, AnnIndex ann, std::vector<NodeId> nodes)
      : vectors_(std::move(vectors)), ann_(std::move(ann)), nodes_(std::move(nodes)) {}
  VectorStore vectors_;
  AnnIndex ann_;
  std::vector<NodeId> nodes_;
};

}  // namespace trellis::embeddings
