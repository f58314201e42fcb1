// query_dependency_chain: a shortest chain of IMPORTS or CALLS edges from
// one node to another (breadth-first, forward).
#include <algorithm>
#include <unordered_map>

#include "trellis/queries/call_reach.hpp"
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
  // Breadth-first from both ends, a whole level of the smaller frontier at a
  // time: a chain between two unrelated functions is refused after a few
  // small levels instead of a walk of everything one end reaches. Forward
  // marks and parents in `scratch`; the backward side (usually small) maps
  // each node to its next step toward `to` and its distance from it.
  struct Toward {
    NodeId next;
    int distance;
  };
  std::unordered_map<NodeId, Toward> toward;
  toward.emplace(result.to, Toward{kNoNode, 0});
  scratch.begin(store.node_count());
  scratch.visit(result.from, kNoNode);
  std::vector<NodeId> forward{result.from};
  std::vector<NodeId> backward{result.to};
  std::vector<NodeId> next;
  int forward_depth = 0;
  int backward_depth = 0;
  NodeId meeting = kNoNode;
  int best = request.max_depth + 1;  // edges of the best chain found
  const auto forward_distance = [&](NodeId node) {
    int distance = 0;
    for (NodeId at = scratch.parent(node); at != kNoNode; at = scratch.parent(at)) ++distance;
    return distance;
  };
  while (meeting == kNoNode && !forward.empty() && !backward.empty() &&
         forward_depth + backward_depth < request.max_depth) {
    next.clear();
    if (forward.size() <= backward.size()) {
      ++forward_depth;
      for (const NodeId node : forward) {
        for (const NodeId reached : store.out(result.type, node)) {
          if (!scratch.visit(reached, node)) continue;
          if (const auto it = toward.find(reached); it != toward.end()) {
            if (forward_depth + it->second.distance < best) {
              best = forward_depth + it->second.distance;
              meeting = reached;
            }
          }
          next.push_back(reached);
        }
      }
      std::swap(forward, next);
    } else {
      ++backward_depth;
      for (const NodeId node : backward) {
        for (const NodeId reached : store.in(result.type, node)) {
          if (!toward.emplace(reached, Toward{node, backward_depth}).second) continue;
          if (scratch.visited(reached) && backward_depth + forward_distance(reached) < best) {
            best = backward_depth + forward_distance(reached);
            meeting = reached;
          }
          next.push_back(reached);
        }
      }
      std::swap(backward, next);
    }
  }
  if (meeting == kNoNode || best > request.max_depth) return result;
  for (NodeId at = meeting; at != kNoNode; at = scratch.parent(at)) result.chain.push_back(at);
  std::reverse(result.chain.begin(), result.chain.end());
  for (NodeId at = toward.at(meeting).next; at != kNoNode; at = toward.at(at).next) result.chain.push_back(at);
  if (result.type == RelType::Calls) {
    for (std::size_t i = 1; i < result.chain.size(); ++i) {
      result.call_sites.push_back({result.chain[i - 1], call_site_lines(store, result.chain[i - 1], result.chain[i])});
    }
  }
  return result;
}

}  // namespace trellis::queries
