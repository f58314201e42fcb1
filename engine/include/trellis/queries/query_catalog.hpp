// One declaration per structural query: its name as a CLI command and as an
// MCP tool, its description, its parameters with types, ranges and
// defaults (CONTRACT.md "Commands", the data model's validation rules), and
// the shape of its results. The CLI builds its options from these, the MCP
// server its input and output JSON Schemas, and both check arguments with
// make_request, so nothing is written twice.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/queries/context_queries.hpp"
#include "trellis/queries/node_fields.hpp"
#include "trellis/queries/parameters.hpp"
#include "trellis/queries/resolve_queries.hpp"
#include "trellis/queries/result_shape.hpp"
#include "trellis/queries/search_queries.hpp"
#include "trellis/queries/semantic_queries.hpp"
#include "trellis/queries/similar_queries.hpp"
#include "trellis/queries/structural_queries.hpp"

namespace trellis::queries {

enum class QueryKind {
  Callers, Callees, Hierarchy, Dependencies, Exports, Implementations, CallGraph, CallPath,
  Outline, Children, Importers, Chain, Complexity, Impact, Details, Source, Why, Context, Unresolved, Cycles,
  Search, Resolve, Similar, Semantic,
};

struct QuerySpec {
  QueryKind kind;
  std::string_view tool;     // MCP tool name: "query_callers"
  std::string_view command;  // CLI: `trellis query callers`
  std::string_view summary;  // one line, for --help and lists
  // For agents and --help: what the query does, how names are written
  // and what comes back.
  std::string_view description;
  std::span<const ParamSpec> params;
  // The members of the answer's `results` (answer_json.hpp writes them).
  std::span<const ResultField> results;
  // A command of its own (`trellis search`) rather than under `trellis query`.
  bool top_level = false;
  // Another spelling of the command of the query before it in the catalog
  // (`trellis search --vector FILE` runs search_semantic): this option (a
  // parameter's cli) given, the command runs this query with its parameters.
  std::string_view cli_switch = {};
};

std::span<const QuerySpec> query_specs();
// How qualified names are written and resolved, for descriptions and --help.
std::string_view name_format_help();
const QuerySpec& query_spec(QueryKind kind);
// nullptr when no query has that MCP tool (or CLI command) name.
const QuerySpec* find_query_by_tool(std::string_view tool);
const QuerySpec* find_query_by_command(std::string_view command);

using QueryRequest = std::variant<CallersRequest, CalleesRequest, HierarchyRequest, DependenciesRequest,
                                  ExportsRequest, ImplementationsRequest, CallGraphRequest, CallPathRequest,
                                  OutlineRequest, ChildrenRequest, ImportersRequest, ChainRequest, ComplexityRequest,
                                  ImpactRequest, DetailsRequest, SourceRequest, WhyRequest, ContextRequest,
                                  UnresolvedRequest, CyclesRequest, SearchRequest, ResolveRequest,
                                  SimilarRequest, SemanticRequest>;

// The typed request for `spec`: defaults filled in, every argument checked
// against its type, range or choices. INVALID_ARGUMENT names the parameter
// and what it accepts (unknown parameters, missing or empty required ones
// included).
Result<QueryRequest> make_request(const QuerySpec& spec, const Arguments& arguments);
// The same from arguments already checked against spec.params.
QueryRequest make_request(const QuerySpec& spec, const CheckedArguments& arguments);

// The node properties an answer carries, from the `fields` parameter every
// query declares (lean when absent).
NodeFields requested_fields(const CheckedArguments& arguments);

struct QueryAnswer {
  QueryKind kind;
  std::variant<CallReachResult, HierarchyResult, DependenciesResult, ExportsResult, ImplementationsResult,
               CallGraphResult, CallPathResult, OutlineResult, ChildrenResult, ImportersResult, ChainResult,
               ComplexityResult, ImpactResult, DetailsResult, SourceResult, WhyResult, ContextResult,
               UnresolvedResult, CyclesResult, SearchResult, ResolveResult, SimilarResult,
               SemanticResult>
      result;
};

// Runs the query a request names. `sources` reads the source text details,
// source and context return (and search's snippets and phrase checks);
// without one, details answers with a source_error and source with
// INVALID_ARGUMENT. `semantic` holds the graph's embeddings for
// search_semantic (null: none imported).
Result<QueryAnswer> run_query(const GraphStore& store, const QueryRequest& request, TraversalScratch& scratch,
                              const SourceReader* sources = nullptr,
                              const embeddings::SemanticIndex* semantic = nullptr);

}  // namespace trellis::queries
