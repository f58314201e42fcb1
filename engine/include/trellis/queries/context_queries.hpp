// The agent-context queries (issue 15, CONTRACT.md "Commands the open issues
// add"): a file's outline, a definition's children, who imports a module,
// and the shortest dependency chain between two nodes. Like the structural
// queries they take a checked request, resolve names with name_lookup (a
// FILE is a path relative to the indexed root), return node ids in a fixed
// order capped at kMaxResults, and leave JSON to the caller.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/queries/source_reader.hpp"
#include "trellis/queries/structural_queries.hpp"

namespace trellis::queries {

// ---- outline ------------------------------------------------------------

struct OutlineRequest {
  std::string file;   // a path relative to the indexed root, or a module's name
  std::string label;  // "all", or one of Class, Interface, Function, Method
  std::size_t offset = 0;  // the page: entries skipped first
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

// ---- details ------------------------------------------------------------

struct DetailsRequest {
  std::string name;  // a definition, a module, or a file path
  bool include_source = true;
  int max_lines = 200;  // 1..2000 source lines, from line_start
  std::size_t offset = 0;  // the page: calls inside skipped first
};

// A call made inside the node's line range: by the node itself or by a
// definition nested in it.
struct CallInside {
  NodeId caller = kNoNode;
  NodeId callee = kNoNode;  // kNoNode: unresolved (text says what was called)
  int line = 0;
  CallType call_type = CallType::Direct;
  std::string_view text;  // an unresolved call's callee as written
  UnresolvedReason reason = UnresolvedReason::Unknown;  // an unresolved call's
};

struct RelationshipCount {
  RelType type = RelType::Calls;
  std::size_t outgoing = 0;
  std::size_t incoming = 0;
};

struct DetailsResult {
  NodeId node = kNoNode;
  NodeId parent = kNoNode;         // what DEFINES it (a module: its package, if any)
  std::vector<NodeId> nesting;     // the module, then each enclosing definition, then the node
  std::vector<RelationshipCount> relationships;  // types with any edge, in schema order
  // Calls inside its line range, by line: resolved ones, then the call
  // sites ingest could not resolve (callee kNoNode), at most kMaxResults.
  std::vector<CallInside> calls;
  ResultCount count;  // over calls
  std::size_t unresolved = 0;  // of all calls inside, how many are unresolved
  // What the node's module imports (IMPORTS carry no line, so a
  // definition's own imports cannot be told from its module's): for a
  // module, its imports; for a definition, empty.
  std::vector<NodeId> imports;
  std::optional<SourceText> source;  // when asked for and readable
  std::string source_error;          // why not, when asked for and not readable
};

Result<DetailsResult> query_details(const GraphStore& store, const DetailsRequest& request, TraversalScratch& scratch,
                                    const SourceReader* sources);

// ---- source -------------------------------------------------------------

struct SourceRequest {
  // "FILE:START-END" or "FILE:LINE" (FILE relative to the indexed root), or
  // a definition's or module's name, or a file path (the whole file).
  std::string target;
  int max_lines = 200;  // 1..2000
  std::size_t offset = 0;  // the page: definitions skipped first
};

struct SourceResult {
  NodeId node = kNoNode;    // the named node; kNoNode for a FILE:START-END range
  NodeId module = kNoNode;  // the file's module
  std::string file_path;
  int line_start = 0;  // as asked (a node's range)
  int line_end = 0;
  SourceText source;
  // Definitions of the file overlapping the lines returned, in line order,
  // each with its depth (1 = defined by the module).
  std::vector<OutlineEntry> definitions;
  ResultCount count;  // over definitions
};

Result<SourceResult> query_source(const GraphStore& store, const SourceRequest& request, TraversalScratch& scratch,
                                  const SourceReader* sources);

// ---- complexity ---------------------------------------------------------

struct ComplexityRequest {
  std::string file;  // a path relative to the indexed root, or a module's name
  std::size_t offset = 0;  // the page of function_list: functions skipped first
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
  std::size_t offset = 0;  // the page: rows skipped first
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
  std::size_t offset = 0;  // the page: rows skipped first
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
  // A calls chain: one per step after the first, where chain[i - 1] calls
  // chain[i]. Empty for an imports chain.
  std::vector<CallSites> call_sites;
};

Result<ChainResult> query_dependency_chain(const GraphStore& store, const ChainRequest& request,
                                           TraversalScratch& scratch);

// ---- impact -------------------------------------------------------------

struct ImpactRequest {
  std::string target;  // a definition's name, a module's name or a file path
  int max_depth = 3;   // 1..10 dependency steps
  std::size_t offset = 0;  // the page: impacted nodes (in walk order) skipped first
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

// ---- why ------------------------------------------------------------------

struct WhyRequest {
  std::string name;    // a definition's or module's name, or a file path
  int max_depth = 3;   // 1..10 steps
  int max_nodes = 50;  // 1..100 nodes per direction
  // Upstream (what depends on it) to max_depth, downstream (what it depends
  // on) to max(max_depth / 2, 1), as seed 003's reverse mode; both to
  // max_depth otherwise.
  bool reverse = false;
};

// One node of a why tree, in breadth-first order: its parent comes first.
struct WhyEntry {
  NodeId node = kNoNode;
  int parent = -1;  // index of the entry it hangs from; -1: the target
  int depth = 1;
  RelType edge = RelType::Calls;  // upstream: node -edge-> parent; downstream: parent -edge-> node
  // For depth 1 of a class or module target: the definition of the target
  // the edge touches (kNoNode: the target itself).
  NodeId through = kNoNode;
};

struct WhyTree {
  int max_depth = 0;            // the depth this direction was walked to
  std::vector<WhyEntry> entries;  // each node once, nearest first
  std::size_t direct = 0;       // distinct nodes one step away (all of them, past the cap too)
  bool truncated = false;       // the node cap stopped the walk with more to see
};

struct WhyResult {
  NodeId node = kNoNode;
  // Upstream: what depends on the target (incoming CALLS, INHERITS,
  // IMPLEMENTS, IMPORTS); downstream: what it depends on (the same edges
  // outgoing). A class or module includes its definitions: callers of a
  // method are upstream of its class, and what the method calls downstream.
  WhyTree upstream;
  WhyTree downstream;
};

Result<WhyResult> query_why(const GraphStore& store, const WhyRequest& request, TraversalScratch& scratch);

// ---- context ----------------------------------------------------------------

struct ContextRequest {
  std::vector<std::string> names;  // focus nodes: names, node ids or file paths
  int max_depth = 2;               // 1..5 steps from the focus
  int max_nodes = 20;              // 1..100 nodes in the bundle, focus included
  int budget = 2000;               // 0..100000 tokens of source snippets (chars / 4)
};

struct ContextNode {
  NodeId node = kNoNode;
  int depth = 0;  // 0: a focus node
};

struct ContextEdge {
  NodeId from = kNoNode;
  NodeId to = kNoNode;
  RelType type = RelType::Calls;
};

struct ContextSnippet {
  NodeId node = kNoNode;
  std::string file_path;
  SourceText source;  // source.truncated: cut where the budget ran out
};

struct UnresolvedSite {
  NodeId caller = kNoNode;
  int line = 0;
  std::string_view text;  // the callee as written
  UnresolvedReason reason = UnresolvedReason::Unknown;
};

// Seed 003's context bundle: the focus nodes and the subgraph a
// breadth-first walk reaches from them over both directions, each node's
// neighbours taken in a fixed priority (DEFINES and CONTAINS, then CALLS,
// then INHERITS and IMPLEMENTS, then IMPORTS), each node once; the edges
// among the bundle's nodes; source snippets in the same order until the
// budget is spent; and the calls inside the focus nodes that ingest could
// not resolve.
struct ContextResult {
  std::vector<NodeId> focus;        // in the order asked, each once
  std::vector<ContextNode> nodes;   // the focus first, then as reached
  std::vector<ContextEdge> edges;   // every edge between two bundle nodes, by source node
  std::vector<ContextSnippet> snippets;  // definitions (and focus modules), not one inside another
  std::vector<UnresolvedSite> unresolved;  // at most kMaxResults: each focus's, by line
  std::size_t unresolved_total = 0;
  std::size_t budget_chars = 0;  // budget * 4
  std::size_t used_chars = 0;
  bool nodes_truncated = false;     // max_nodes stopped the walk with more to see
  bool snippets_truncated = false;  // the budget cut a snippet or left some out
  std::string source_error;         // why a snippet could not be read, if one could not
};

Result<ContextResult> query_context(const GraphStore& store, const ContextRequest& request, TraversalScratch& scratch,
                                    const SourceReader* sources);

// ---- unresolved ---------------------------------------------------------------

struct UnresolvedRequest {
  std::string target;  // a definition's or module's name, or a file path
  std::string reason = "all";  // "all" or one UnresolvedReason code
  std::size_t offset = 0;
};

// The call sites inside a definition (its own and those of definitions
// nested in it), a module or file, or a package's modules, that ingest
// could not resolve: what an answer about them may miss, and why.
struct UnresolvedResult {
  NodeId target = kNoNode;
  std::vector<UnresolvedSite> sites;  // one page, by file then line
  ResultCount count;                  // over the sites of the reason asked
  // Every site inside the target by reason (all reasons, whatever was
  // asked), in UnresolvedReason order, reasons with none left out.
  std::vector<std::pair<UnresolvedReason, std::size_t>> by_reason;
  std::size_t callers = 0;  // definitions and modules looked in
};

Result<UnresolvedResult> query_unresolved(const GraphStore& store, const UnresolvedRequest& request,
                                          TraversalScratch& scratch);

// The module a node belongs to: itself for a Module, else the Module whose
// DEFINES reach it; kNoNode when none does (an ExternalPackage, a Package).
NodeId module_of(const GraphStore& store, NodeId node);

}  // namespace trellis::queries
