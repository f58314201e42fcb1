// query_dependency_chain: a shortest chain of IMPORTS or CALLS edges from
// one node to another (breadth-first, forward).
#include <algorithm>

#include "trellis/queries/context_queries.hpp"
#include "trellis/queries/name_lookup.hpp"

namespace trellis::queries {
namespace {

inline constexpr Label kChainEndLabels[] = {Label::Module,  Label::Function,  Label::Method, Label::Class,
                                            Label::Package, Label::Interface, Label::ExternalPackage};
inline constexpr NameKind kChainEndName{"Node", kChainEndLabels};

bool is_module_like(Label label) {
  return label == Label::Module || label == Label::Package || label == Label::ExternalPackage;
}

}  // namespace

NodeId module_of(const GraphStore& store, NodeId node) {
  // DEFINES nests a definition in one parent; a crafted graph's cycle ends
  // after as many steps as there are nodes.
  for (std::size_t steps = 0; steps <= store.node_count() && node != kNoNode; ++steps) {
    if (store.label(node) == Label::Module) return node;
    const auto parents = store.in(RelType::Defines, node);
    node = parents.empty() ? kNoNode : parents.front();
  }
  return kNoNode;
}

Result<ChainResult> query_dependency_chain(const GraphStore& store, const ChainRequest& request,
                                           TraversalScratch& scratch) {
  auto from = lookup_module_or_file(store, request.from, kChainEndName);
  if (!from) return std::move(from).take_error();
  auto to = lookup_module_or_file(store, request.to, kChainEndName);
  if (!to) return std::move(to).take_error();
  ChainResult result;
  const bool imports = request.type == "imports" ||
                       (request.type != "calls" && is_module_like(store.label(*from)) && is_module_like(store.label(*to)));
  result.type = imports ? RelType::Imports : RelType::Calls;
  // An imports chain runs between modules: a definition stands for its own.
  result.from = imports && !is_module_like(store.label(*from)) ? module_of(store, *from) : *from;
  result.to = imports && !is_module_like(store.label(*to)) ? module_of(store, *to) : *to;
  if (result.from == kNoNode || result.to == kNoNode) return result;
  if (result.from == result.to) {
    result.chain = {result.from};
    return result;
  }
  scratch.begin(store.node_count());
  scratch.visit(result.from, kNoNode);
  std::vector<NodeId> frontier{result.from};
  std::vector<NodeId> next;
  for (int depth = 1; depth <= request.max_depth && !frontier.empty(); ++depth) {
    next.clear();
    for (const NodeId node : frontier) {
      for (const NodeId reached : store.out(result.type, node)) {
        if (!scratch.visit(reached, node)) continue;
        if (reached == result.to) {
          for (NodeId at = reached; at != kNoNode; at = scratch.parent(at)) result.chain.push_back(at);
          std::reverse(result.chain.begin(), result.chain.end());
          return result;
        }
        next.push_back(reached);
      }
    }
    std::swap(frontier, next);
  }
  return result;
}

}  // namespace trellis::queries
