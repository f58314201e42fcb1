// select_subgraph: breadth-first from the roots over the chosen types, in
// the chosen direction, until the depth or the node cap; then the edges
// among what was listed, and per listed node the neighbours the cap left
// out (see subgraph.hpp).
#include "trellis/queries/subgraph.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "trellis/queries/name_lookup.hpp"

namespace trellis::queries {
namespace {

inline constexpr Label kAnyLabel[] = {Label::Function,  Label::Method,  Label::Class,           Label::Interface,
                                      Label::Module,    Label::Package, Label::ExternalPackage, Label::Project};
inline constexpr NameKind kRootName{"Node", kAnyLabel};

inline constexpr int kMaxDepth = 10;
inline constexpr std::size_t kMaxNodes = 10'000;

std::vector<RelType> chosen_types(const SubgraphRequest& request) {
  if (!request.types.empty()) return request.types;
  std::vector<RelType> types;
  for (const RelTypeDef& def : all_rel_types()) {
    // CONTAINS joins the Project to every node: a picture of everything.
    if (def.type != RelType::Contains) types.push_back(def.type);
  }
  return types;
}

// Calls visit(neighbour) for each neighbour of `node` over `types` in `direction`.
template <class Visit>
void for_each_neighbour(const GraphStore& store, NodeId node, std::span<const RelType> types,
                        SubgraphDirection direction, Visit&& visit) {
  for (const RelType type : types) {
    if (direction != SubgraphDirection::In) {
      for (const NodeId next : store.out(type, node)) visit(next);
    }
    if (direction != SubgraphDirection::Out) {
      for (const NodeId next : store.in(type, node)) visit(next);
    }
  }
}

}  // namespace

Result<Subgraph> select_subgraph(const GraphStore& store, const SubgraphRequest& request, TraversalScratch& scratch) {
  if (request.roots.empty()) return make_error(ErrorCode::InvalidArgument, "a subgraph needs at least one root");
  if (request.max_depth < 1 || request.max_depth > kMaxDepth) {
    return make_error(ErrorCode::InvalidArgument, fmt::format("depth must be 1..{}", kMaxDepth));
  }
  if (request.max_nodes < 1 || request.max_nodes > kMaxNodes) {
    return make_error(ErrorCode::InvalidArgument, fmt::format("max nodes must be 1..{}", kMaxNodes));
  }
  const std::vector<RelType> types = chosen_types(request);

  Subgraph result;
  std::vector<int> depth;  // parallel to result.nodes
  scratch.begin(store.node_count());
  for (const std::string& name : request.roots) {
    auto root = lookup_module_or_file(store, name, kRootName);
    if (!root) return std::move(root).take_error();
    if (scratch.mark(*root) && result.nodes.size() < request.max_nodes) {
      result.nodes.push_back(*root);
      depth.push_back(0);
    }
  }
  for (std::size_t i = 0; i < result.nodes.size() && result.nodes.size() < request.max_nodes; ++i) {
    if (depth[i] == request.max_depth) continue;
    for_each_neighbour(store, result.nodes[i], types, request.direction, [&](NodeId next) {
      if (result.nodes.size() < request.max_nodes && scratch.mark(next)) {
        result.nodes.push_back(next);
        depth.push_back(depth[i] + 1);
      }
    });
  }

  // What the cap left out: neighbours, within the depth, of listed nodes.
  std::vector<NodeId> left_out;
  for (std::size_t i = 0; i < result.nodes.size(); ++i) {
    if (depth[i] == request.max_depth) continue;
    std::vector<NodeId> own;
    for_each_neighbour(store, result.nodes[i], types, request.direction, [&](NodeId next) {
      if (!scratch.visited(next)) own.push_back(next);
    });
    std::sort(own.begin(), own.end());
    own.erase(std::unique(own.begin(), own.end()), own.end());
    if (!own.empty()) result.omitted.push_back({result.nodes[i], own.size()});
    left_out.insert(left_out.end(), own.begin(), own.end());
  }
  std::sort(left_out.begin(), left_out.end());
  result.omitted_total = static_cast<std::size_t>(std::unique(left_out.begin(), left_out.end()) - left_out.begin());

  // Every edge of the chosen types between listed nodes, once.
  std::unordered_map<NodeId, std::size_t> place;
  for (std::size_t i = 0; i < result.nodes.size(); ++i) place.emplace(result.nodes[i], i);
  for (const RelTypeDef& def : all_rel_types()) {
    if (std::find(types.begin(), types.end(), def.type) == types.end()) continue;
    for (const NodeId source : result.nodes) {
      const auto targets = store.out(def.type, source);
      for (std::size_t k = 0; k < targets.size(); ++k) {
        if (place.contains(targets[k])) {
          result.edges.push_back({def.type, source, targets[k], store.out_edge_position(def.type, source, k)});
        }
      }
    }
  }
  return result;
}

}  // namespace trellis::queries
