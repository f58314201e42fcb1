#include "trellis/embeddings/semantic_index.hpp"

#include "trellis/store/node_id.hpp"

namespace trellis::embeddings {
namespace {

std::vector<NodeId> nodes_of(const VectorStore& vectors, const GraphStore& store) {
  std::vector<NodeId> nodes(vectors.size(), kNoNode);
  for (std::size_t row = 0; row < vectors.size(); ++row) {
    const std::vector<NodeId> found = store.find_by_node_id(node_id_text(vectors.key(row)));
    if (found.size() == 1) nodes[row] = found.front();
  }
  return nodes;
}

}  // namespace

Result<std::optional<SemanticIndex>> SemanticIndex::load(const std::filesystem::path& database,
                                                         const GraphStore& store) {
  const std::filesystem::path path = vectors_path(database);
  auto vectors = VectorStore::load(path);
  if (!vectors.ok()) return std::move(vectors).take_error();
  if (vectors->empty()) return std::optional<SemanticIndex>();
  bool rebuilt = false;
  auto ann = AnnIndex::load_or_build(ann_path(path), *vectors, {}, &rebuilt);
  if (!ann.ok()) return std::move(ann).take_error();
  if (rebuilt) (void)ann->save(ann_path(path));  // a cache: a read-only folder only costs the next build
  std::vector<NodeId> nodes = nodes_of(*vectors, store);
  return std::optional<SemanticIndex>(
      SemanticIndex(std::move(vectors).value(), std::move(ann).value(), std::move(nodes)));
}

Result<SemanticIndex> SemanticIndex::over(VectorStore vectors, const GraphStore& store, const AnnOptions& options) {
  auto ann = AnnIndex::build(vectors, options);
  if (!ann.ok()) return std::move(ann).take_error();
  std::vector<NodeId> nodes = nodes_of(vectors, store);
  return SemanticIndex(std::move(vectors), std::move(ann).value(), std::move(nodes));
}

}  // namespace trellis::embeddings
