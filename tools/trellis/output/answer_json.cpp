#include "trellis/output/answer_json.hpp"

#include <fmt/format.h>

#include "trellis/output/node_json.hpp"

namespace trellis::output {
namespace {

using namespace queries;

// Properties that place a node in its file; dropped when include_paths is off.
constexpr std::string_view kPathProperties[] = {"file_path", "line_start", "line_end", "byte_start", "byte_end"};

Json node_at(const GraphStore& store, NodeAtDepth node, bool include_paths = true) {
  Json object = node_json(store, node.node);
  if (!include_paths) {
    for (const std::string_view key : kPathProperties) object.erase(std::string(key));
  }
  object["depth"] = node.depth;
  return object;
}

Json nodes_at(const GraphStore& store, const std::vector<NodeAtDepth>& nodes, bool include_paths = true) {
  Json list = Json::array();
  for (const NodeAtDepth& node : nodes) list.push_back(node_at(store, node, include_paths));
  return list;
}

Json names(const GraphStore& store, const std::vector<NodeId>& nodes) {
  Json list = Json::array();
  for (const NodeId node : nodes) list.push_back(store.qualified_name(node));
  return list;
}

Json cycles_json(const GraphStore& store, const std::vector<std::vector<NodeId>>& cycles, std::string_view type) {
  Json list = Json::array();
  for (const auto& cycle : cycles) {
    list.push_back({{"cycle_type", type}, {"cycle_path", names(store, cycle)}, {"cycle_length", cycle.size()}});
  }
  return list;
}

AnswerJson reach_json(const GraphStore& store, const CallReachResult& r, std::string_view noun, int max_depth,
                      bool include_paths) {
  AnswerJson out;
  out.query = fmt::format("{} of {} (depth {})", noun, store.qualified_name(r.target), max_depth);
  Json chains = nullptr;
  if (r.has_chains) {
    chains = Json::array();
    for (const auto& chain : r.call_chains) chains.push_back(names(store, chain));
  }
  out.results = {{std::string(noun), nodes_at(store, r.nodes, include_paths)}, {"call_chains", std::move(chains)}};
  out.row_count = r.nodes.size();
  out.total_count = r.count.total_count;
  out.metadata = {{"max_depth", max_depth}, {"unresolved_calls", r.unresolved_calls}};
  return out;
}

// {"name", "label", "depth", "children": [...]} below `root` along the
// breadth-first tree `edges`; with `up` the nesting key is "parents" and
// the edges are {ancestor, reached-from}.
Json tree_json(const GraphStore& store, NodeId root, int depth, const std::vector<std::pair<NodeId, NodeId>>& edges,
               bool up) {
  Json node = {{"name", store.qualified_name(root)}, {"label", std::string(to_string(store.label(root)))},
               {"depth", depth}};
  Json children = Json::array();
  for (const auto& [parent, child] : edges) {
    // Up edges are {ancestor, reached-from}: the ancestor hangs below.
    const NodeId from = up ? child : parent;
    const NodeId to = up ? parent : child;
    if (from == root) children.push_back(tree_json(store, to, depth + 1, edges, up));
  }
  node[up ? "parents" : "children"] = std::move(children);
  return node;
}

AnswerJson hierarchy_json(const GraphStore& store, const HierarchyRequest& request, const HierarchyResult& r) {
  AnswerJson out;
  static constexpr std::string_view kDirections[] = {"up", "down", "both"};
  out.query = fmt::format("hierarchy of {} ({}, depth {})", store.qualified_name(r.target),
                          kDirections[static_cast<int>(request.direction)], request.max_depth);
  Json tree = tree_json(store, r.target, 0, r.down_tree, false);
  tree["parents"] = tree_json(store, r.target, 0, r.up_tree, true)["parents"];
  Json warnings = Json::array();
  for (const auto& cycle : r.cycles) {
    warnings.push_back(fmt::format("circular inheritance: {}", fmt::join(names(store, cycle), " -> ")));
  }
  out.results = {{"hierarchy_tree", std::move(tree)},
                 {"ancestors", nodes_at(store, r.ancestors)},
                 {"descendants", nodes_at(store, r.descendants)},
                 {"circular_dependencies", cycles_json(store, r.cycles, "inheritance")},
                 {"warnings", std::move(warnings)}};
  out.row_count = r.ancestors.size() + r.descendants.size();
  out.total_count = r.count.total_count;
  out.metadata = {{"max_depth", request.max_depth}};
  return out;
}

AnswerJson dependencies_json(const GraphStore& store, const DependenciesRequest& request,
                             const DependenciesResult& r) {
  AnswerJson out;
  static constexpr std::string_view kTypes[] = {"imports", "calls", "all"};
  out.query = fmt::format("dependencies of {} ({}{})", store.qualified_name(r.target),
                          kTypes[static_cast<int>(request.dependency_type)],
                          request.include_transitive ? ", transitive" : "");
  Json graph = Json::object();
  for (const auto& [source, targets] : r.dependency_graph) graph[store.qualified_name(source)] = names(store, targets);
  out.results = {{"imports", nodes_at(store, r.imports)},
                 {"calls", nodes_at(store, r.calls)},
                 {"dependency_graph", std::move(graph)}};
  out.row_count = r.imports.size() + r.calls.size();
  out.total_count = r.count.total_count;
  out.metadata = {{"unresolved_calls", r.unresolved_calls}};
  return out;
}

AnswerJson exports_json(const GraphStore& store, const ExportsRequest& request, const ExportsResult& r) {
  AnswerJson out;
  out.query = fmt::format("exports of {}{}", store.qualified_name(r.module),
                          request.include_private ? " (with private names)" : "");
  Json list = Json::array();
  for (const NodeId node : r.exports) list.push_back(node_json(store, node));
  out.results = {{"exports", std::move(list)}, {"module_info", node_json(store, r.module)}};
  out.row_count = r.exports.size();
  out.total_count = r.count.total_count;
  return out;
}

AnswerJson implementations_json(const GraphStore& store, const ImplementationsRequest& request,
                                const ImplementationsResult& r) {
  AnswerJson out;
  out.query = fmt::format("implementations of {}{}", store.qualified_name(r.target),
                          request.include_indirect ? " (with indirect)" : "");
  Json depths = Json::object();
  for (const NodeAtDepth& n : r.implementations) depths[store.qualified_name(n.node)] = n.depth;
  out.results = {{"implementations", nodes_at(store, r.implementations)}, {"inheritance_depth", std::move(depths)}};
  out.row_count = r.implementations.size();
  out.total_count = r.count.total_count;
  return out;
}

AnswerJson call_graph_json(const GraphStore& store, const CallGraphRequest& request, const CallGraphResult& r) {
  AnswerJson out;
  out.query = fmt::format("call graph from {} (depth {}, at most {} nodes)", store.qualified_name(r.entry),
                          request.max_depth, request.max_nodes);
  Json edges = Json::array();
  for (const CallGraphEdge& e : r.edges) {
    edges.push_back({{"from_function", store.qualified_name(e.from)},
                     {"to_function", store.qualified_name(e.to)},
                     {"call_type", std::string(to_string(e.call_type))}});
  }
  out.results = {{"nodes", nodes_at(store, r.nodes)},
                 {"edges", std::move(edges)},
                 {"truncated", r.truncated},
                 {"total_nodes", r.total_nodes},
                 {"cycles", cycles_json(store, r.cycles, "calls")}};
  out.row_count = r.nodes.size();
  out.total_count = r.total_nodes;
  out.metadata = {{"max_depth", request.max_depth}, {"unresolved_calls", r.unresolved_calls}};
  return out;
}

AnswerJson call_path_json(const GraphStore& store, const CallPathRequest& request, const CallPathResult& r) {
  AnswerJson out;
  out.query = fmt::format("call path from {} to {} (depth {})", store.qualified_name(r.from),
                          store.qualified_name(r.to), request.max_depth);
  Json path = Json::array();
  for (std::size_t i = 0; i < r.path.size(); ++i) path.push_back(node_at(store, {r.path[i], static_cast<int>(i)}));
  out.results = {{"path", std::move(path)},
                 {"found", !r.path.empty()},
                 {"length", r.path.empty() ? 0 : r.path.size() - 1}};
  out.row_count = r.path.size();
  out.total_count = r.path.size();
  out.metadata = {{"max_depth", request.max_depth}};
  return out;
}

}  // namespace

AnswerJson answer_json(const GraphStore& store, const QueryRequest& request, const QueryAnswer& answer) {
  switch (answer.kind) {
    case QueryKind::Callers: {
      const auto& r = std::get<CallersRequest>(request);
      return reach_json(store, std::get<CallReachResult>(answer.result), "callers", r.max_depth, r.include_paths);
    }
    case QueryKind::Callees:
      return reach_json(store, std::get<CallReachResult>(answer.result), "callees",
                        std::get<CalleesRequest>(request).max_depth, true);
    case QueryKind::Hierarchy:
      return hierarchy_json(store, std::get<HierarchyRequest>(request), std::get<HierarchyResult>(answer.result));
    case QueryKind::Dependencies:
      return dependencies_json(store, std::get<DependenciesRequest>(request),
                               std::get<DependenciesResult>(answer.result));
    case QueryKind::Exports:
      return exports_json(store, std::get<ExportsRequest>(request), std::get<ExportsResult>(answer.result));
    case QueryKind::Implementations:
      return implementations_json(store, std::get<ImplementationsRequest>(request),
                                  std::get<ImplementationsResult>(answer.result));
    case QueryKind::CallGraph:
      return call_graph_json(store, std::get<CallGraphRequest>(request), std::get<CallGraphResult>(answer.result));
    case QueryKind::CallPath:
      return call_path_json(store, std::get<CallPathRequest>(request), std::get<CallPathResult>(answer.result));
  }
  return {};
}

}  // namespace trellis::output
