// `trellis search --vector FILE|-` / search_semantic: the definitions whose
// imported embeddings (embeddings/semantic_index.hpp) are nearest a query
// vector by cosine similarity, through the approximate nearest-neighbour
// index, each as a node like every answer's, with its score.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/queries/structural_queries.hpp"
#include "trellis/queries/traversal_scratch.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::embeddings {
class SemanticIndex;
}

namespace trellis::queries {

struct SemanticRequest {
  std::vector<double> vector;
  std::string label = "all";  // "all", or Module, Class, Interface, Function, Method
  std::size_t limit = 10;     // 1 .. kMaxResults
  std::size_t offset = 0;
};

struct SemanticHit {
  NodeId node = kNoNode;
  double score = 0.0;  // cosine similarity, -1 .. 1
};

struct SemanticResult {
  std::vector<SemanticHit> hits;  // one page, nearest first
  ResultCount count;              // over the neighbours looked at (offset + limit at most, or all)
  std::size_t dimension = 0;
  std::size_t vectors = 0;  // how many nodes have a vector
};

// INVALID_ARGUMENT when the graph has no embeddings (`index` null: import
// some with `trellis embeddings import`) or the vector's dimension is not
// theirs. Vectors of nodes no longer in the graph are passed over.
Result<SemanticResult> query_semantic(const GraphStore& store, const SemanticRequest& request,
                                      const embeddings::SemanticIndex* index);

}  // namespace trellis::queries
