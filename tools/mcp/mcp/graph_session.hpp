// The graph the server answers from, kept current: found through a
// locator (the CLI's --db / .trellis lookup), loaded on first use, and
// loaded again between requests when `trellis index` has replaced the file
// (one stat per tools/call: device, inode, size and mtime).
#pragma once

#include <filesystem>
#include <functional>
#include <memory>

#include "mcp/loaded_graph.hpp"
#include "trellis/common/error.hpp"

namespace trellis::mcp {

class GraphSession {
 public:
  // `locate` names the snapshot to use (DATABASE_ERROR when there is none);
  // it is asked again while no snapshot has been found.
  using Locator = std::function<Result<std::filesystem::path>()>;
  explicit GraphSession(Locator locate);

  // The current graph. A replaced file is loaded again; when the
  // replacement cannot be loaded (or the file vanished), the graph loaded
  // before keeps serving and the reason goes to stderr. DATABASE_ERROR only
  // while no snapshot has ever loaded.
  Result<std::shared_ptr<const LoadedGraph>> current();

 private:
  Locator locate_;
  std::filesystem::path path_;
  std::shared_ptr<const LoadedGraph> graph_;
  std::optional<FileIdentity> failed_;  // the file identity that last failed to load
};

}  // namespace trellis::mcp
