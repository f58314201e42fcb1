// query_dependencies: what a module (or a function) needs. Imports are the
// IMPORTS of the module (of the function's module); calls are the CALLS out
// of the function, or out of the module's own code and every definition in
// it, leaving out what the module itself defines. Transitive: IMPORTS and
// CALLS followed on from what was reached, breadth-first, capped in depth
// and in nodes.
#include <algorithm>
#include <span>

#include "paging.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "trellis/queries/structural_queries.hpp"

namespace trellis::queries {
namespace {

// How far a transitive answer walks: steps from the target, and nodes
// reached per relationship type (the rows beyond kMaxResults only count).
constexpr int kTransitiveDepth = 10;
constexpr std::size_t kTransitiveNodes = 10 * kMaxResults;

using Edge = std::pair<NodeId, NodeId>;

struct Walk {
  std::vector<NodeAtDepth> reached;  // by depth, then by id
  std::vector<Edge> edges;           // every edge read, in walk order
  std::vector<NodeId> expanded;      // the nodes whose edges were read
};

// Breadth-first over `type` from every node of `start` (depth 0, never
// listed), up to `max_depth` steps; stops expanding once `max_nodes` nodes
// are reached.
Walk walk_out(const GraphStore& store, std::span<const NodeId> start, RelType type, int max_depth,
              std::size_t max_nodes, TraversalScratch& scratch) {
  Walk walk;
  scratch.begin(store.node_count());
  for (const NodeId node : start) scratch.mark(node);
  std::vector<NodeId> frontier(start.begin(), start.end());
  for (int depth = 1; depth <= max_depth && !frontier.empty(); ++depth) {
    const std::size_t level_begin = walk.reached.size();
    for (const NodeId node : frontier) {
      if (walk.reached.size() >= max_nodes) break;
      walk.expanded.push_back(node);
      for (const NodeId neighbour : store.out(type, node)) {
        walk.edges.emplace_back(node, neighbour);
        if (scratch.mark(neighbour)) walk.reached.push_back({neighbour, depth});
      }
    }
    const auto level = walk.reached.begin() + static_cast<std::ptrdiff_t>(level_begin);
    std::sort(level, walk.reached.end(),
              [](const NodeAtDepth& a, const NodeAtDepth& b) { return a.node < b.node; });
    frontier.clear();
    for (auto it = level; it != walk.reached.end(); ++it) frontier.push_back(it->node);
  }
  return walk;
}

// The Module that defines `node` (DEFINES followed backwards); kNoNode when
// there is none.
NodeId defining_module(const GraphStore& store, NodeId node) {
  // Bounded: a crafted graph may hold a DEFINES loop.
  for (std::size_t step = 0; step <= store.node_count(); ++step) {
    if (store.label(node) == Label::Module) return node;
    const auto definers = store.in(RelType::Defines, node);
    if (definers.empty()) return kNoNode;
    node = definers.front();
  }
  return kNoNode;
}

// `root` and every definition under it (DEFINES followed forward), root first.
std::vector<NodeId> defined_under(const GraphStore& store, NodeId root, TraversalScratch& scratch) {
  std::vector<NodeId> nodes{root};
  scratch.begin(store.node_count());
  scratch.mark(root);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    for (const NodeId child : store.out(RelType::Defines, nodes[i])) {
      if (scratch.mark(child)) nodes.push_back(child);
    }
  }
  return nodes;
}

bool contains(std::span<const NodeId> sorted, NodeId node) {
  return std::binary_search(sorted.begin(), sorted.end(), node);
}

std::vector<NodeId> sorted_ids(std::span<const NodeId> nodes) {
  std::vector<NodeId> out(nodes.begin(), nodes.end());
  std::sort(out.begin(), out.end());
  return out;
}

// The walked edges an answer shows: those to a listed node, and those that
// lead from a reached node back to where the walk started. Sources in the
// order they first appear, targets by id, parallel edges once.
std::vector<std::pair<NodeId, std::vector<NodeId>>> adjacency(std::span<const Edge> walked,
                                                              std::span<const NodeId> listed,
                                                              std::span<const NodeId> start,
                                                              const GraphStore& store,
                                                              TraversalScratch& scratch) {
  std::vector<Edge> shown;
  std::vector<NodeId> sources;
  scratch.begin(store.node_count());
  for (const auto& [from, to] : walked) {
    const bool back_to_start = contains(start, to) && !contains(start, from);
    if (!contains(listed, to) && !back_to_start) continue;
    shown.emplace_back(from, to);
    if (scratch.mark(from)) sources.push_back(from);
  }
  std::sort(shown.begin(), shown.end());
  shown.erase(std::unique(shown.begin(), shown.end()), shown.end());
  std::vector<std::pair<NodeId, std::vector<NodeId>>> graph;
  graph.reserve(sources.size());
  for (const NodeId source : sources) {
    const auto first = std::lower_bound(shown.begin(), shown.end(), Edge{source, 0});
    std::vector<NodeId> targets;
    for (auto it = first; it != shown.end() && it->first == source; ++it)
      targets.push_back(it->second);
    graph.emplace_back(source, std::move(targets));
  }
  return graph;
}

}  // namespace

Result<DependenciesResult> query_dependencies(const GraphStore& store,
                                              const DependenciesRequest& request,
                                              TraversalScratch& scratch) {
  auto target = lookup_node(store, request.target, kDependencyTarget);
  if (!target) return std::move(target).take_error();

  DependenciesResult result;
  result.target = *target;
  const Label label = store.label(result.target);
  const bool is_function = label == Label::Function || label == Label::Method;
  // A Package stands for its __init__ Module; a package without one (a
  // namespace package) has no code, so nothing to depend on.
  NodeId module = result.target;
  if (label == Label::Package)
    module = store.find(Label::Module, store.qualified_name(result.target)).value_or(kNoNode);
  if (is_function) module = defining_module(store, result.target);

  const int max_depth = request.include_transitive ? kTransitiveDepth : 1;
  const std::size_t max_nodes = request.include_transitive ? kTransitiveNodes : store.node_count();
  const NodeId module_start[] = {module};
  Walk imports;
  if (request.dependency_type != DependencyType::Calls && module != kNoNode) {
    imports = walk_out(store, module_start, RelType::Imports, max_depth, max_nodes, scratch);
  }
  Walk calls;
  std::vector<NodeId> call_start;
  if (request.dependency_type != DependencyType::Imports) {
    // A function's own calls; a module's code and every definition in it.
    if (is_function || module == kNoNode) {
      call_start = {result.target};
    } else {
      call_start = defined_under(store, module, scratch);
    }
    calls = walk_out(store, call_start, RelType::Calls, max_depth, max_nodes, scratch);
    for (const NodeId node : calls.expanded)
      result.unresolved_calls += store.unresolved_call_count(node);
  }

  // One page over both lists: imports first, then calls.
  const std::size_t total = imports.reached.size() + calls.reached.size();
  keep_page(imports.reached, calls.reached, request.offset);
  result.imports = std::move(imports.reached);
  result.calls = std::move(calls.reached);
  const std::size_t kept_imports = result.imports.size();
  const std::size_t kept_calls = result.calls.size();
  result.count = page_count(total, request.offset, kept_imports + kept_calls);

  std::vector<NodeId> listed;
  listed.reserve(kept_imports + kept_calls);
  for (const NodeAtDepth& row : result.imports) listed.push_back(row.node);
  for (const NodeAtDepth& row : result.calls) listed.push_back(row.node);
  std::sort(listed.begin(), listed.end());
  std::vector<NodeId> start = sorted_ids(call_start);
  if (module != kNoNode && !contains(start, module))
    start.insert(std::upper_bound(start.begin(), start.end(), module), module);

  std::vector<Edge> walked = std::move(imports.edges);
  walked.insert(walked.end(), calls.edges.begin(), calls.edges.end());
  result.dependency_graph = adjacency(walked, listed, start, store, scratch);
  return result;
}

}  // namespace trellis::queries
