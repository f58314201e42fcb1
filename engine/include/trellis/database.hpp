// The library's front door: open a graph snapshot, resolve names, run the
// structural queries, with typed requests and results and errors as values.
//
//   auto db = trellis::Database::open("repo/.trellis/graph.trellis");
//   if (!db.ok()) { report(db.error()); return; }
//   auto callers = db->callers({.function_name = "shop.util.log.log", .max_depth = 2});
//   for (const auto& hit : callers->nodes) print(db->node(hit.node).qualified_name, hit.depth);
//
// A Database is immutable and cheap to copy (copies share the loaded
// snapshot, which stays mapped while any copy or any result's store()
// lives): any number of threads may query one at once. Node ids in results
// are handles into this Database; node() turns them into their details.
// Cypher queries: trellis::cypher::run_cypher(database.store(), ...) in
// trellis/cypher/cypher_engine.hpp (cypher/ builds on engine/, so its call
// cannot live in this header; the installed package has the engine only).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "trellis/common/error.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "trellis/queries/query_catalog.hpp"
#include "trellis/queries/source_reader.hpp"
#include "trellis/queries/structural_queries.hpp"
#include "trellis/store/graph_store.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis {

// A node's identity and place in the source (CONTRACT.md's node object,
// without the label-specific properties: read those with
// store().property(node, "docstring")).
struct NodeInfo {
  Label label = Label::Project;
  std::string qualified_name;
  std::string name;
  std::string file_path;  // relative to the indexed root; "" for Project, Package, ExternalPackage
  int line_start = 0;     // 1-based inclusive; 0 when the node has no lines
  int line_end = 0;
};

// Labels in the order a bare name prefers them when several nodes share a
// qualified name (a package's __init__ Module before its Package).
inline constexpr Label kAnyLabel[] = {Label::Module,  Label::Class,   Label::Interface,       Label::Function,
                                      Label::Method,  Label::Package, Label::ExternalPackage, Label::Project};
inline constexpr queries::NameKind kAnyName{"Node", kAnyLabel};

class Database {
 public:
  // Loads and verifies the snapshot at `path` (store/snapshot.hpp): every
  // checksum and array is checked before use. DATABASE_ERROR "no snapshot
  // at <path>" when there is no file, or what is wrong with a corrupt,
  // foreign or newer-version file.
  static Result<Database> open(const std::filesystem::path& path);
  // Wraps a snapshot already in memory (tests, graphs built in-process).
  static Database from_snapshot(Snapshot snapshot, std::filesystem::path path = {});

  // The graph; valid while this Database or a copy of it lives.
  const GraphStore& store() const { return snapshot_->store; }
  // Named extra sections of the snapshot (ingest keeps its file facts there).
  const Snapshot& snapshot() const { return *snapshot_; }
  // The file it was opened from ("" for from_snapshot without one).
  const std::filesystem::path& path() const { return path_; }
  // The absolute folder the graph was indexed from (the Project node's
  // path); nullopt for graphs without a Project (CSV imports) and for graphs
  // of several projects (source_roots()).
  std::optional<std::string> root() const;
  // Where its files are: root() without a project name, or one root per
  // project of a graph of several (store/store_union.hpp); empty without.
  std::vector<queries::SourceRoot> source_roots() const;

  // Reads source text from source_roots() for details, source and context (a graph
  // without a root refuses to).
  const queries::SourceReader& sources() const { return *sources_; }

  // The node a name denotes (CONTRACT.md: an exact qualified name, else the
  // one node whose qualified name ends with ".<name>"). NODE_NOT_FOUND with
  // up to five suggestions; AMBIGUOUS_NAME with the candidates.
  Result<NodeId> resolve(std::string_view name, const queries::NameKind& kind = kAnyName) const;
  // Details of a node id taken from this Database's results.
  NodeInfo node(NodeId id) const;

  // The structural queries (queries/structural_queries.hpp states each
  // one's contract). Requests are taken as given: build them with
  // queries::make_request to have ranges checked and defaults filled, as the
  // CLI and the MCP server do. Errors: NODE_NOT_FOUND, AMBIGUOUS_NAME,
  // INVALID_ARGUMENT. `scratch` lets a thread reuse traversal memory across
  // calls; nullptr uses a fresh one.
  Result<queries::CallReachResult> callers(const queries::CallersRequest& request,
                                           queries::TraversalScratch* scratch = nullptr) const;
  Result<queries::CallReachResult> callees(const queries::CalleesRequest& request,
                                           queries::TraversalScratch* scratch = nullptr) const;
  Result<queries::HierarchyResult> hierarchy(const queries::HierarchyRequest& request,
                                             queries::TraversalScratch* scratch = nullptr) const;
  Result<queries::DependenciesResult> dependencies(const queries::DependenciesRequest& request,
                                                   queries::TraversalScratch* scratch = nullptr) const;
  Result<queries::ExportsResult> exports(const queries::ExportsRequest& request,
                                         queries::TraversalScratch* scratch = nullptr) const;
  Result<queries::ImplementationsResult> implementations(const queries::ImplementationsRequest& request,
                                                         queries::TraversalScratch* scratch = nullptr) const;
  Result<queries::CallGraphResult> call_graph(const queries::CallGraphRequest& request,
                                              queries::TraversalScratch* scratch = nullptr) const;
  Result<queries::CallPathResult> call_path(const queries::CallPathRequest& request,
                                            queries::TraversalScratch* scratch = nullptr) const;
  Result<queries::CyclesResult> cycles(const queries::CyclesRequest& request,
                                       queries::TraversalScratch* scratch = nullptr) const;
  // The agent-context queries (queries/context_queries.hpp).
  Result<queries::OutlineResult> outline(const queries::OutlineRequest& request,
                                         queries::TraversalScratch* scratch = nullptr) const;
  Result<queries::ChildrenResult> children(const queries::ChildrenRequest& request,
                                           queries::TraversalScratch* scratch = nullptr) const;
  Result<queries::ComplexityResult> complexity(const queries::ComplexityRequest& request,
                                               queries::TraversalScratch* scratch = nullptr) const;
  Result<queries::ImportersResult> importers(const queries::ImportersRequest& request,
                                             queries::TraversalScratch* scratch = nullptr) const;
  Result<queries::ImpactResult> impact(const queries::ImpactRequest& request,
                                       queries::TraversalScratch* scratch = nullptr) const;
  Result<queries::ChainResult> dependency_chain(const queries::ChainRequest& request,
                                                queries::TraversalScratch* scratch = nullptr) const;
  Result<queries::WhyResult> why(const queries::WhyRequest& request,
                                 queries::TraversalScratch* scratch = nullptr) const;
  // These read source text through `sources`, or sources() when nullptr.
  Result<queries::DetailsResult> details(const queries::DetailsRequest& request,
                                         queries::TraversalScratch* scratch = nullptr,
                                         const queries::SourceReader* sources = nullptr) const;
  Result<queries::SourceResult> source(const queries::SourceRequest& request,
                                       queries::TraversalScratch* scratch = nullptr,
                                       const queries::SourceReader* sources = nullptr) const;
  Result<queries::ContextResult> context(const queries::ContextRequest& request,
                                         queries::TraversalScratch* scratch = nullptr,
                                         const queries::SourceReader* sources = nullptr) const;
  // The graph's embeddings (embeddings/semantic_index.hpp), read from beside
  // path() on first use and kept; null when none were imported.
  // DATABASE_ERROR when the vectors file is damaged.
  Result<const embeddings::SemanticIndex*> semantic() const;
  // Any of them, by request type (what make_request returns).
  Result<queries::QueryAnswer> run(const queries::QueryRequest& request, queries::TraversalScratch* scratch = nullptr,
                                   const queries::SourceReader* sources = nullptr) const;

 private:
  Database(std::shared_ptr<const Snapshot> snapshot, std::filesystem::path path);

  std::shared_ptr<const Snapshot> snapshot_;
  std::filesystem::path path_;
  std::shared_ptr<const queries::SourceReader> sources_;
  struct LazySemantic;
  std::shared_ptr<LazySemantic> semantic_;
};

}  // namespace trellis
