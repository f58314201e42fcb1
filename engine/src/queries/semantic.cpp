#include <fmt/format.h>

#include <algorithm>

#include "trellis/embeddings/semantic_index.hpp"
#include "trellis/queries/semantic_queries.hpp"

namespace trellis::queries {

Result<SemanticResult> query_semantic(const GraphStore& store, const SemanticRequest& request,
                                      const embeddings::SemanticIndex* index) {
  if (index == nullptr) {
    return make_error(ErrorCode::InvalidArgument,
                      "this graph has no embeddings: import some with `trellis embeddings import FILE` "
                      "(or index with --embed-command CMD)");
  }
  const std::size_t dimension = index->vectors().dimension();
  if (request.vector.size() != dimension) {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("the query vector has {} numbers, but the graph's embeddings have {}",
                                  request.vector.size(), dimension));
  }
  const std::vector<float> query(request.vector.begin(), request.vector.end());
  const std::size_t wanted = request.offset + std::min(request.limit, kMaxResults);
  const std::optional<Label> label =
      request.label == "all" ? std::nullopt : label_from_string(request.label);
  // Neighbours, more of them while the filter or vanished nodes leave too few.
  std::vector<SemanticHit> kept;
  std::size_t asked = std::min(index->vectors().size(), wanted * (label ? 4 : 1) + 8);
  for (;;) {
    kept.clear();
    for (const embeddings::VectorHit& hit : index->ann().search(query, asked)) {
      const NodeId node = index->node(hit.row);
      if (node == kNoNode || (label && store.label(node) != *label)) continue;
      kept.push_back({node, static_cast<double>(hit.score)});
    }
    if (kept.size() >= wanted || asked >= index->vectors().size()) break;
    asked = std::min(index->vectors().size(), asked * 4);
  }
  SemanticResult result;
  result.dimension = dimension;
  result.vectors = index->vectors().size();
  const std::size_t first = std::min(request.offset, kept.size());
  const std::size_t last = std::min(wanted, kept.size());
  result.hits.assign(kept.begin() + static_cast<std::ptrdiff_t>(first), kept.begin() + static_cast<std::ptrdiff_t>(last));
  result.count = {kept.size(), last < kept.size(), first};
  return result;
}

}  // namespace trellis::queries
