// The `results` of each query's answer (tools/trellis/output/answer_json.cpp
// writes them), declared for the catalog: the MCP server's outputSchemas
// come from these. Members beyond those declared are allowed (a node with
// the fields asked for, a node reached by dispatch with via and through).
#pragma once

#include "trellis/queries/result_shape.hpp"

namespace trellis::queries::results {

using enum Shape;

inline constexpr ResultField kCallSite[] = {field("file_path", String), field("line", Integer)};
inline constexpr ResultField kCycle[] = {field("cycle_type", String), list("cycle_path", String),
                                         field("cycle_length", Integer)};

inline constexpr ResultField kCallers[] = {list("callers", Node), nullable(list("call_chains", String, 2))};
inline constexpr ResultField kCallees[] = {list("callees", Node), nullable(list("call_chains", String, 2))};
inline constexpr ResultField kHierarchy[] = {object("hierarchy_tree", {}), list("ancestors", Node),
                                             list("descendants", Node),
                                             object("circular_dependencies", kCycle, 1), list("warnings", String)};
inline constexpr ResultField kDependencies[] = {list("imports", Node), list("calls", Node),
                                                field("dependency_graph", Map)};
inline constexpr ResultField kExports[] = {list("exports", Node), field("module_info", Node)};
inline constexpr ResultField kImplementations[] = {list("implementations", Node), field("inheritance_depth", Map)};
inline constexpr ResultField kCallGraphEdge[] = {field("from_function", String), field("to_function", String),
                                                 field("call_type", String), object("call_sites", kCallSite, 1)};
inline constexpr ResultField kCallGraph[] = {list("nodes", Node), object("edges", kCallGraphEdge, 1),
                                             field("truncated", Boolean), field("total_nodes", Integer),
                                             object("cycles", kCycle, 1)};
inline constexpr ResultField kCallPath[] = {list("path", Node), field("found", Boolean), field("length", Integer)};
inline constexpr ResultField kOutline[] = {list("outline", Node), field("module_info", Node)};
inline constexpr ResultField kChildren[] = {list("children", Node), field("parent", Node)};
inline constexpr ResultField kImporters[] = {list("importers", Node), field("target", Node)};
inline constexpr ResultField kChain[] = {list("chain", Node), field("rendered", String),
                                         field("dependency_type", String), field("found", Boolean),
                                         field("length", Integer)};
inline constexpr ResultField kComplexity[] = {
    field("module_info", Node),          field("lines", Integer),          field("definitions", Integer),
    field("functions", Integer),         field("classes", Integer),        field("imports", Integer),
    field("importers", Integer),         field("total_complexity", Integer), field("max_complexity", Integer),
    nullable(field("average_complexity", Number)), list("function_complexity", Node)};
inline constexpr ResultField kImpactFile[] = {field("file_path", String), field("count", Integer),
                                              list("nodes", Node)};
inline constexpr ResultField kImpact[] = {field("target", Node), field("total", Integer),
                                          object("files", kImpactFile, 1)};
inline constexpr ResultField kSource[] = {field("file_path", String), field("line_start", Integer),
                                          field("line_end", Integer), field("truncated", Boolean),
                                          nullable(field("changed_since_index", Boolean)), field("text", String)};
inline constexpr ResultField kDetailsCall[] = {field("line", Integer), field("caller", String),
                                               field("resolved", Boolean)};
inline constexpr ResultField kDetails[] = {
    field("node", Node),          nullable(field("parent", Node)),      list("nesting", Node),
    field("relationships", Map),  object("calls", kDetailsCall, 1),     field("unresolved_calls", Integer),
    list("imports", Node),        nullable(object("source", kSource)),  optional(field("source_error", String))};
inline constexpr ResultField kSourceAnswer[] = {
    field("file_path", String), field("line_start", Integer), field("line_end", Integer), field("truncated", Boolean),
    nullable(field("changed_since_index", Boolean)), field("text", String), nullable(field("node", Node)),
    field("module", String), list("definitions", Node)};
inline constexpr ResultField kWhyTree[] = {field("max_depth", Integer), field("direct", Integer),
                                           field("reached", Integer), field("truncated", Boolean),
                                           list("tree", Node)};
inline constexpr ResultField kWhy[] = {field("node", Node), object("upstream", kWhyTree),
                                       object("downstream", kWhyTree), field("rendered", String)};
inline constexpr ResultField kContextEdge[] = {field("from", String), field("to", String), field("type", String)};
inline constexpr ResultField kSnippet[] = {field("qualified_name", String), field("file_path", String),
                                           field("line_start", Integer),    field("line_end", Integer),
                                           field("truncated", Boolean),     nullable(field("changed_since_index", Boolean)),
                                           field("text", String)};
inline constexpr ResultField kUnresolvedSite[] = {field("caller", String), nullable(field("file_path", String)),
                                                  field("line", Integer), field("text", String),
                                                  field("reason", String)};
inline constexpr ResultField kBudget[] = {field("tokens", Integer), field("used_tokens", Integer),
                                          field("used_chars", Integer)};
inline constexpr ResultField kContext[] = {
    field("version", Integer),           list("focus", Node),
    list("nodes", Node),                 object("edges", kContextEdge, 1),
    object("snippets", kSnippet, 1),     object("unresolved_calls", kUnresolvedSite, 1),
    object("budget", kBudget),           field("nodes_truncated", Boolean),
    field("snippets_truncated", Boolean), field("truncated", Boolean),
    optional(field("source_error", String))};
inline constexpr ResultField kCycles[] = {object("cycles", kCycle, 1)};
inline constexpr ResultField kUnresolved[] = {object("unresolved", kUnresolvedSite, 1), field("by_reason", Map),
                                              field("callers_inside", Integer), field("target", Node)};

inline constexpr ResultField kSearchHit[] = {field("node", Node), field("score", Number), field("exact_name", Boolean),
                                            list("matched", String), field("snippet", String)};
inline constexpr ResultField kSearch[] = {object("hits", kSearchHit, 1), list("words", String), list("phrases", String),
                                          list("suggestions", String)};

inline constexpr ResultField kResolveError[] = {field("error", String), field("error_code", String),
                                               list("suggestions", String)};
inline constexpr ResultField kResolvedReference[] = {field("id", String), field("found", Boolean),
                                                     nullable(field("node", Node)),
                                                     optional(object("error", kResolveError))};
inline constexpr ResultField kResolve[] = {object("resolved", kResolvedReference, 1), field("found", Integer),
                                           field("missing", Integer)};

inline constexpr ResultField kSimilarMatch[] = {field("node", Node), field("score", Number),
                                               field("exact_duplicate", Boolean), list("shared_calls", String),
                                               list("shared_words", String)};
inline constexpr ResultField kSimilar[] = {field("target", Node), field("calls", Integer), field("words", Integer),
                                           field("exact_duplicates", Integer), object("similar", kSimilarMatch, 1)};

inline constexpr ResultField kSemanticHit[] = {field("node", Node), field("score", Number)};
inline constexpr ResultField kSemantic[] = {object("hits", kSemanticHit, 1), field("dimension", Integer),
                                            field("vectors", Integer)};

}  // namespace trellis::queries::results
