// The agent-context queries (issue 15, CONTRACT.md "Commands the open issues
// add"): a file's outline, a definition's children, who imports a module,
// and the shortest dependency chain between two nodes. Like the structural
// queries they take a checked request, resolve names with name_lookup (a
// FILE is a path relative to the indexed root), return node ids in a fixed
// order capped at kMaxResults, and leave JSON to the caller.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/queries/structural_queries.hpp"

namespace trellis::queries {

// ---- outline ------------------------------------------------------------

struct OutlineRequest {
  std::string file;   // a path relative to the indexed root, or a module's name
  std::string label;  // "all", or one of Class, Interface, Function, Method
};

struct OutlineEntry {
  NodeId node = kNoNode;
  NodeId parent = kNoNode;  // the module, or the enclosing definition
  int depth = 1;            // 1: defined by the module itself
};

struct OutlineResult {
  NodeId module = kNoNode;
  // Every definition of the file (DEFINES from the module, then from each
  // definition), in line order (a parent before what it defines); with a
  // label, only those of that label.
  std::vector<OutlineEntry> entries;
  ResultCount count;
};

Result<OutlineResult> query_outline(const GraphStore& store, const OutlineRequest& request, TraversalScratch& scratch);

// ---- complexity ---------------------------------------------------------

struct ComplexityRequest {
  std::string file;  // a path relative to the indexed root, or a module's name
};

struct ComplexityResult {
  NodeId module = kNoNode;
  std::int64_t lines = 0;         // the file's line count (its Module's line_end)
  std::size_t definitions = 0;    // every class, interface, function and method in it
  std::size_t functions = 0;      // functions and methods
  std::size_t classes = 0;        // classes and interfaces
  std::size_t imports = 0;        // IMPORTS out of the module
  std::size_t importers = 0;      // modules importing it
  // Functions and methods in line order (at most kMaxResults), each with its
  // `complexity` property; the figures below are over all of them that have
  // one (an imported graph may not).
  std::vector<NodeId> function_list;
  std::size_t measured = 0;
  std::int64_t total_complexity = 0;
  std::int64_t max_complexity = 0;
  ResultCount count;  // over function_list
};

Result<ComplexityResult> query_complexity(const GraphStore& store, const ComplexityRequest& request,
                                          TraversalScratch& scratch);

// ---- children -----------------------------------------------------------

struct ChildrenRequest {
  std::string name;  // a Class, Interface, Function, Method (or a Module)
};

struct ChildrenResult {
  NodeId parent = kNoNode;
  std::vector<NodeId> children;  // what it DEFINES directly, in line order
  ResultCount count;
};

Result<ChildrenResult> query_children(const GraphStore& store, const ChildrenRequest& request,
                                      TraversalScratch& scratch);

// ---- importers ----------------------------------------------------------

struct ImportersRequest {
  std::string target;  // a Module, Package or ExternalPackage name, or a file path
  bool transitive = false;
};

struct ImportersResult {
  NodeId target = kNoNode;
  // Modules whose IMPORTS reach the target (depth 1: import it directly),
  // breadth-first, by id within a depth; transitive follows importers of
  // importers.
  std::vector<NodeAtDepth> importers;
  ResultCount count;
};

Result<ImportersResult> query_importers(const GraphStore& store, const ImportersRequest& request,
                                        TraversalScratch& scratch);

// ---- dependency chain ---------------------------------------------------

struct ChainRequest {
  std::string from;
  std::string to;
  // "imports", "calls", or "auto": imports when both ends are modules,
  // packages or external packages, else calls.
  std::string type = "auto";
  int max_depth = 10;  // 1..20
};

struct ChainResult {
  NodeId from = kNoNode;  // after an imports chain maps a definition to its module
  NodeId to = kNoNode;
  RelType type = RelType::Imports;
  std::vector<NodeId> chain;  // from ... to; empty when none within max_depth
};

Result<ChainResult> query_dependency_chain(const GraphStore& store, const ChainRequest& request,
                                           TraversalScratch& scratch);

// ---- impact -------------------------------------------------------------

struct ImpactRequest {
  std::string target;  // a definition's name, a module's name or a file path
  int max_depth = 3;   // 1..10 dependency steps
};

// How an impacted node depends on the node before it in its chain.
enum class ImpactRelation : std::uint8_t { Calls, Inherits, Implements, Imports, Overrides, ImportsModule };

struct ImpactedNode {
  NodeId node = kNoNode;
  int depth = 1;  // dependency steps from the target (an override: 1)
  ImpactRelation relation = ImpactRelation::Calls;
  // The shortest reason: this node, then each node it depends on, ending at
  // the target (or at the part of the target it uses: a method of a target
  // class, a definition of a target module, then the target).
  std::vector<NodeId> chain;
  // How each chain node depends on the next ("calls", "inherits", "is defined in", ...).
  std::vector<std::string_view> via;
};

struct ImpactFile {
  std::string file_path;  // "" for nodes without one (an external package)
  std::vector<ImpactedNode> nodes;  // by depth, then line
};

struct ImpactResult {
  NodeId target = kNoNode;
  // What may break if the target changes: callers of it (and of its methods
  // or definitions, for a class or module), transitively; subclasses and
  // implementers; methods overriding it in subclasses; modules importing it
  // (transitively for a module), or importing its module (directly). The
  // nearest kMaxResults nodes, grouped by file in the order their first
  // node was reached (nearest impact first).
  std::vector<ImpactFile> files;
  ResultCount count;  // over every impacted node within the depth
};

Result<ImpactResult> query_impact(const GraphStore& store, const ImpactRequest& request, TraversalScratch& scratch);

std::string_view to_string(ImpactRelation relation);

// The module a node belongs to: itself for a Module, else the Module whose
// DEFINES reach it; kNoNode when none does (an ExternalPackage, a Package).
NodeId module_of(const GraphStore& store, NodeId node);

}  // namespace trellis::queries
