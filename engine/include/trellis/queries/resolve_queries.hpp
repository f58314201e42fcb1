// `trellis resolve ID...` / MCP resolve_nodes (CONTRACT.md): a batch of
// references from outside (an external vector store's hits, say) turned
// into nodes, each on its own: one unknown reference is reported beside
// it, never as a failure of the batch. A reference is a node_id (16 hex
// digits, store/node_id.hpp), a `FILE:LINE` (FILE relative to the indexed
// root: the innermost definition spanning that line, else the file's
// module), or a name as lookup_node reads it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/queries/traversal_scratch.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::queries {

inline constexpr std::size_t kMaxResolveIds = 100;

struct ResolveRequest {
  std::vector<std::string> ids;  // 1 .. kMaxResolveIds references
};

struct ResolvedReference {
  std::string id;                // as given
  NodeId node = kNoNode;         // kNoNode when not resolved
  std::optional<Error> error;    // why not: NODE_NOT_FOUND, AMBIGUOUS_NAME, INVALID_ARGUMENT
};

struct ResolveResult {
  std::vector<ResolvedReference> references;  // in the order given
  std::size_t found = 0;
};

// INVALID_ARGUMENT only when no reference or more than kMaxResolveIds are given.
Result<ResolveResult> query_resolve(const GraphStore& store, const ResolveRequest& request,
                                    TraversalScratch& scratch);

}  // namespace trellis::queries
