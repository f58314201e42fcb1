// The pre-built structural queries (CONTRACT.md "Commands" and "JSON
// shapes"): callers, callees, hierarchy, dependencies, exports,
// implementations, call graph, and the shortest call path.
//
// Each query takes a request (the data model's parameters, already checked
// against the ranges of query_catalog.hpp), resolves its name argument with
// lookup_node (NODE_NOT_FOUND / AMBIGUOUS_NAME as values) and walks the
// store's CSR breadth-first with the epoch-stamped marks of `scratch`: no
// hash set, no allocation per visited node beyond the answer. Results hold
// node ids in a deterministic order; turning them into the contract's JSON
// is the caller's job. Lists are capped at kMaxResults rows; total_count
// counts every row found and truncated says whether the cap cut the list.
// A capped list is a page: its request's `offset` skips that many rows of
// the list's stable order first (rows past the end: an empty page), so
// paging with offset 0, 100, 200, ... lists each row exactly once.
//
// A GraphStore is immutable: any number of threads may run queries at once,
// each with its own TraversalScratch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/queries/traversal_scratch.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::queries {

inline constexpr std::size_t kMaxResults = 100;

struct NodeAtDepth {
  NodeId node = kNoNode;
  int depth = 0;  // steps from the query's start; 1 = a direct neighbour
  // Reached by dispatch: for callers, the method the target overrides
  // that they call (a call on the base may run the target); for callees and
  // call graphs, the called method this node overrides (the call may run
  // it). kNoNode otherwise.
  NodeId through = kNoNode;
};

// How many rows a list query found and whether the cap cut them.
struct ResultCount {
  std::size_t total_count = 0;
  bool truncated = false;  // rows lie past the ones listed
  std::size_t offset = 0;  // the place of the first row listed in the whole list
};

// Where a call is made: the lines in `caller`'s file at which it calls the
// next function of the step (call_site_lines in call_reach.hpp).
struct CallSites {
  NodeId caller = kNoNode;
  std::vector<std::int32_t> lines;  // sorted, distinct
};

// ---- callers / callees -------------------------------------------------

struct CallersRequest {
  std::string function_name;
  int max_depth = 1;           // 1..5
  bool include_paths = true;   // file_path and lines in the node objects
  // Also the callers of the methods the target overrides, marked `through`.
  bool dispatch = true;
  std::size_t offset = 0;  // the page: rows skipped first
};
struct CalleesRequest {
  std::string function_name;
  int max_depth = 1;  // 1..5
  // Also the methods overriding each method called (a call on the base may
  // run them), after the callees of their depth, marked `through`.
  bool dispatch = false;
  std::size_t offset = 0;  // the page: rows skipped first
};

struct CallReachResult {
  NodeId target = kNoNode;
  std::vector<NodeAtDepth> nodes;  // breadth-first: by depth, then in discovery order
  // When max_depth > 1: one shortest chain per listed node, farthest
  // first; each runs caller -> ... -> callee (so callers' chains end at
  // the target and callees' start at it).
  bool has_chains = false;
  std::vector<std::vector<NodeId>> call_chains;
  // One per listed node, in the same order: the call of the last step, the
  // one that reaches the node. For a caller, where it calls the next
  // function toward the target (the target itself at depth 1); for a
  // callee, where the function before it calls it. A node reached by
  // dispatch has the call to the method it is reached through.
  std::vector<CallSites> call_sites;
  ResultCount count;
  // Unresolved call sites inside the target and the listed nodes: calls
  // ingest could not tie to a definition, so the answer may miss edges.
  std::size_t unresolved_calls = 0;
};

Result<CallReachResult> query_callers(const GraphStore& store, const CallersRequest& request,
                                      TraversalScratch& scratch);
Result<CallReachResult> query_callees(const GraphStore& store, const CalleesRequest& request,
                                      TraversalScratch& scratch);

// ---- hierarchy ----------------------------------------------------------

enum class HierarchyDirection { Up, Down, Both };

struct HierarchyRequest {
  std::string class_name;
  HierarchyDirection direction = HierarchyDirection::Both;
  int max_depth = 10;  // 1..10
  std::size_t offset = 0;  // the page: rows of ancestors then descendants skipped first
};

struct HierarchyResult {
  NodeId target = kNoNode;
  // Up: over INHERITS and IMPLEMENTS forward (bases, implemented
  // interfaces); down: the same types backwards (subclasses, implementers).
  // Each node once, at its shortest depth, breadth-first by id.
  std::vector<NodeAtDepth> ancestors;
  std::vector<NodeAtDepth> descendants;
  // The breadth-first tree edges (parent side first: {base, derived}), for
  // the nested hierarchy_tree: each listed node hangs under the node it was
  // first reached from.
  std::vector<std::pair<NodeId, NodeId>> up_tree;    // {ancestor, reached-from}
  std::vector<std::pair<NodeId, NodeId>> down_tree;  // {reached-from, descendant}
  // Inheritance loops among the reached nodes and the target (strongly
  // connected components of size > 1, or a self loop), each listed once,
  // starting at its smallest id, in edge order.
  std::vector<std::vector<NodeId>> cycles;
  ResultCount count;  // over ancestors + descendants
};

Result<HierarchyResult> query_hierarchy(const GraphStore& store, const HierarchyRequest& request,
                                        TraversalScratch& scratch);

// ---- dependencies -------------------------------------------------------

enum class DependencyType { Imports, Calls, All };

struct DependenciesRequest {
  std::string target;  // a Module (or Package's __init__ Module) or a Function/Method
  DependencyType dependency_type = DependencyType::All;
  bool include_transitive = false;
  std::size_t offset = 0;  // the page: rows of imports then calls skipped first
};

struct DependenciesResult {
  NodeId target = kNoNode;
  // Module target: its IMPORTS; function target: the imports of the module
  // that defines it. Transitive: IMPORTS followed from in-tree modules.
  std::vector<NodeAtDepth> imports;
  // Module target: what the module's own code and every definition in it
  // call, outside the module; function target: its CALLS. Transitive:
  // CALLS followed from those.
  std::vector<NodeAtDepth> calls;
  // The edges the answer walked, as adjacency: source -> targets, sources
  // in first-visit order, targets by id.
  std::vector<std::pair<NodeId, std::vector<NodeId>>> dependency_graph;
  ResultCount count;  // over imports + calls
  std::size_t unresolved_calls = 0;
};

Result<DependenciesResult> query_dependencies(const GraphStore& store, const DependenciesRequest& request,
                                              TraversalScratch& scratch);

// ---- exports ------------------------------------------------------------

struct ExportsRequest {
  std::string module_name;
  bool include_private = false;
  std::size_t offset = 0;  // the page: rows skipped first
};

struct ExportsResult {
  NodeId module = kNoNode;
  // Top-level definitions (DEFINES from the module), by line. Public ones
  // have no leading `_`; where the module declares `__all__`, the names it
  // lists are the public ones. Then the definitions and modules it
  // re-exports (the Module's reexported_names), in source order.
  std::vector<NodeId> exports;
  // Parallel to exports: the name a re-exported row is exported as; empty
  // for the module's own definitions.
  std::vector<std::string_view> exported_as;
  ResultCount count;
};

Result<ExportsResult> query_exports(const GraphStore& store, const ExportsRequest& request,
                                    TraversalScratch& scratch);

// ---- implementations ----------------------------------------------------

struct ImplementationsRequest {
  std::string interface_name;
  bool include_indirect = false;
  std::size_t offset = 0;  // the page: rows skipped first
};

struct ImplementationsResult {
  NodeId target = kNoNode;
  // Classes (and interfaces) that inherit from or implement the target;
  // with include_indirect, theirs too, transitively. Depth is the
  // inheritance_depth (1 = direct).
  std::vector<NodeAtDepth> implementations;
  ResultCount count;
};

Result<ImplementationsResult> query_implementations(const GraphStore& store,
                                                    const ImplementationsRequest& request,
                                                    TraversalScratch& scratch);

// ---- call graph ---------------------------------------------------------

struct CallGraphRequest {
  std::string entry_point;
  int max_depth = 3;   // 1..5
  int max_nodes = 50;  // 1..100
  // Also the methods overriding each method called, as for callees, with
  // an edge from each caller of the overridden method.
  bool dispatch = false;
};

struct CallGraphEdge {
  NodeId from = kNoNode;
  NodeId to = kNoNode;
  CallType call_type = CallType::Direct;
  // A dispatch edge: `from` calls this method (with call_type), which `to`
  // overrides. kNoNode for a CALLS edge.
  NodeId through = kNoNode;
  // Where `from` makes the call (to `to`, or to `through` for a dispatch
  // edge), in from's file.
  std::vector<std::int32_t> lines;
};

struct CallGraphResult {
  NodeId entry = kNoNode;
  std::vector<NodeAtDepth> nodes;  // the entry first (depth 0), then breadth-first
  // Every CALLS edge between listed nodes (parallel edges once, with the
  // first one's call_type), in the order of `nodes`, then by target id.
  // With dispatch, each node's CALLS edges are followed by its dispatch
  // edges: to each listed method overriding a listed method it calls (not
  // called directly, and not itself: a super call), by the called method's
  // id, nearest override first.
  std::vector<CallGraphEdge> edges;
  bool truncated = false;       // max_nodes cut the graph
  std::size_t total_nodes = 0;  // nodes within max_depth before the cut
  // Recursion (self calls) and call cycles among the listed nodes, each
  // once, starting at its smallest id.
  std::vector<std::vector<NodeId>> cycles;
  std::size_t unresolved_calls = 0;
};

Result<CallGraphResult> query_call_graph(const GraphStore& store, const CallGraphRequest& request,
                                         TraversalScratch& scratch);

// ---- shortest call path -------------------------------------------------

struct CallPathRequest {
  std::string from_function;
  std::string to_function;
  int max_depth = 10;  // 1..20
};

struct CallPathResult {
  NodeId from = kNoNode;
  NodeId to = kNoNode;
  std::vector<NodeId> path;  // from ... to; empty when no path within max_depth
  // One per step after the first: where path[i - 1] calls path[i].
  std::vector<CallSites> call_sites;
};

Result<CallPathResult> query_call_path(const GraphStore& store, const CallPathRequest& request,
                                       TraversalScratch& scratch);

// ---- cycles --------------------------------------------------------------

struct CyclesRequest {
  RelType type = RelType::Calls;  // CALLS, IMPORTS or INHERITS
  std::size_t offset = 0;         // the page: cycles skipped first
};

struct CyclesResult {
  RelType type = RelType::Calls;
  // The page of the type's cycles (find_cycles in graph_traits/cycles.hpp:
  // several nodes that all reach each other, or one with a self loop),
  // largest first, then by smallest id; each lists its nodes in id order.
  std::vector<std::vector<NodeId>> cycles;
  ResultCount count;
};

// Never fails; a Result like every query.
Result<CyclesResult> query_cycles(const GraphStore& store, const CyclesRequest& request, TraversalScratch& scratch);

}  // namespace trellis::queries
