#include "mcp/graph_session.hpp"

#include <fmt/format.h>

#include "trellis/embeddings/vector_store.hpp"

namespace trellis::mcp {

GraphSession::GraphSession(Locator locate) : locate_(std::move(locate)) {}

Result<std::shared_ptr<const LoadedGraph>> GraphSession::current() {
  if (path_.empty()) {
    auto located = locate_();
    if (!located.ok()) return std::move(located).take_error();
    path_ = std::move(located).value();
  }
  const std::optional<FileIdentity> now = identify_file(path_);
  // Embeddings imported or updated beside an unchanged snapshot reload it too.
  const std::optional<FileIdentity> vectors = identify_file(embeddings::vectors_path(path_));
  if (graph_ != nullptr && (!now || (*now == graph_->identity() && vectors == graph_->vectors_identity()))) {
    return graph_;
  }
  if (!now) return make_error(ErrorCode::DatabaseError, fmt::format("no snapshot at {}", path_.string()));
  if (failed_ && *failed_ == *now && graph_ != nullptr) return graph_;

  auto opened = Database::open(path_);
  if (!opened.ok()) {
    failed_ = now;
    if (graph_ == nullptr) return std::move(opened).take_error();
    fmt::print(stderr, "trellis serve: keeping the graph loaded before: {}\n", opened.error().message);
    return graph_;
  }
  const bool reload = graph_ != nullptr;
  graph_ = std::make_shared<const LoadedGraph>(std::move(opened).value(), *now, vectors);
  failed_.reset();
  fmt::print(stderr, "trellis serve: {} {} ({} nodes)\n", reload ? "reloaded" : "loaded", path_.string(),
             graph_->store().node_count());
  return graph_;
}

}  // namespace trellis::mcp
