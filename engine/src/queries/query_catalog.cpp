#include "trellis/queries/query_catalog.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "query_results.hpp"

namespace trellis::queries {
namespace {

using enum ParamType;

constexpr std::string_view kNameFormat =
    "Names are qualified names: the dotted module path from the source root, then the class "
    "and function nesting (shop.services.auth.AuthService.login). A unique suffix such as "
    "`login` or `AuthService.login` also resolves; several matches give AMBIGUOUS_NAME with "
    "the candidates, none gives NODE_NOT_FOUND with suggestions.";

ParamSpec name_param(std::string_view name, std::string_view description) {
  return string_param(name, description);
}

// Every capped list answer is a page (structural_queries.hpp): one
// declaration, shared by each of them.
const ParamSpec kOffsetParam =
    integer_param("offset", "--offset", 0, 1'000'000'000, 0,
                  "Rows of the list to skip: the next page starts at metadata.next_offset (null when nothing is "
                  "left)");

// Every answer's nodes are lean unless asked for more (node_fields.hpp):
// one declaration, shared by every query.
const ParamSpec kFieldsParam =
    choice_list_param("fields", "--fields", node_field_choices(),
                      "Node properties to add to the lean ones (label, qualified_name, name, file_path, line_start, "
                      "line_end), or all");

constexpr std::string_view kDirections[] = {"up", "down", "both"};
constexpr std::string_view kDependencyTypes[] = {"imports", "calls", "all"};

const ParamSpec kCallersParams[] = {
    name_param("function_name", "Qualified name of the Function or Method whose callers to find"),
    integer_param("max_depth", "--depth", 1, 5, 1, "How many CALLS steps to follow backwards (1: direct callers)"),
    boolean_param("include_paths", "--no-paths", true, "Include file_path, line_start and line_end in each node"),
    boolean_param("dispatch", "--no-dispatch", true,
                  "Include the callers of the methods the target overrides (a call on the base class or interface "
                  "may run it), marked via: dispatch with the overridden method in through"),
    kOffsetParam,
    kFieldsParam,
};
// Callees and the call graph expand dispatch alike, on request.
const ParamSpec kCalleeDispatchParam =
    boolean_param("dispatch", "--dispatch", false,
                  "Also include the methods that override or implement each method called (a call on the base "
                  "class or interface may run them), marked via: dispatch with the called method in through");
const ParamSpec kCalleesParams[] = {
    name_param("function_name", "Qualified name of the Function or Method whose callees to find"),
    integer_param("max_depth", "--depth", 1, 5, 1, "How many CALLS steps to follow (1: direct callees)"),
    kCalleeDispatchParam,
    kOffsetParam,
    kFieldsParam,
};
const ParamSpec kHierarchyParams[] = {
    name_param("class_name", "Qualified name of the Class or Interface"),
    choice_param("direction", "--direction", kDirections, "both",
                 "up: ancestors (bases, implemented interfaces); down: descendants; both"),
    integer_param("max_depth", "--depth", 1, 10, 10, "How many inheritance steps to follow"),
    kOffsetParam,
    kFieldsParam,
};
const ParamSpec kDependenciesParams[] = {
    name_param("target", "Qualified name of a Module (or Package) or of a Function or Method"),
    choice_param("dependency_type", "--type", kDependencyTypes, "all",
                 "imports: IMPORTS edges; calls: CALLS edges; all: both"),
    boolean_param("include_transitive", "--transitive", false,
                  "Follow dependencies of dependencies (can be large)"),
    kOffsetParam,
    kFieldsParam,
};
const ParamSpec kExportsParams[] = {
    name_param("module_name", "Qualified name of the Module, or its FILE (relative to the indexed root)"),
    boolean_param("include_private", "--private", false, "Include names with a leading underscore"),
    kOffsetParam,
    kFieldsParam,
};
const ParamSpec kImplementationsParams[] = {
    name_param("interface_name", "Qualified name of the Interface or base Class"),
    boolean_param("include_indirect", "--indirect", false,
                  "Include subclasses of the implementers, transitively"),
    kOffsetParam,
    kFieldsParam,
};
const ParamSpec kCallGraphParams[] = {
    name_param("entry_point", "Qualified name of the Function or Method to start from"),
    integer_param("max_depth", "--depth", 1, 5, 3, "How many CALLS steps to follow"),
    integer_param("max_nodes", "--max-nodes", 1, 100, 50, "Most nodes to return (the entry included)"),
    kCalleeDispatchParam,
    kFieldsParam,
};
const ParamSpec kCallPathParams[] = {
    name_param("from_function", "Qualified name of the calling Function or Method"),
    name_param("to_function", "Qualified name of the Function, Method or Class reached"),
    integer_param("max_depth", "--depth", 1, 20, 10, "Longest path to look for, in CALLS steps"),
    kFieldsParam,
};

constexpr std::string_view kOutlineLabels[] = {"all", "Class", "Interface", "Function", "Method"};
constexpr std::string_view kChainTypes[] = {"auto", "imports", "calls"};

const ParamSpec kOutlineParams[] = {
    string_param("file_path", "Path of the file relative to the indexed root (src/shop/app.py), or its module's name"),
    choice_param("label", "--label", kOutlineLabels, "all", "Only definitions of this label"),
    kOffsetParam,
    kFieldsParam,
};
const ParamSpec kComplexityParams[] = {
    string_param("file_path", "Path of the file relative to the indexed root (src/shop/app.py), or its module's name"),
    kOffsetParam,
    kFieldsParam,
};
const ParamSpec kImpactParams[] = {
    name_param("target", "What would change: a function, method, class or module name, or a file path"),
    integer_param("max_depth", "--depth", 1, 10, 3, "How many dependency steps to follow backwards"),
    kOffsetParam,
    kFieldsParam,
};
const ParamSpec kChildrenParams[] = {
    name_param("name", "Qualified name of the Class, Interface, Function, Method or Module"),
    kOffsetParam,
    kFieldsParam,
};
const ParamSpec kImportersParams[] = {
    name_param("target", "Module, Package or ExternalPackage name, or a file path relative to the indexed root"),
    boolean_param("include_transitive", "--transitive", false, "Follow importers of importers, with their depth"),
    kOffsetParam,
    kFieldsParam,
};
const ParamSpec kChainParams[] = {
    name_param("from", "Where the chain starts: a module, file path, function, method or class"),
    name_param("to", "Where the chain ends"),
    choice_param("dependency_type", "--type", kChainTypes, "auto",
                 "imports: IMPORTS between modules (a definition stands for its module); calls: CALLS; "
                 "auto: imports when both ends are modules, else calls"),
    integer_param("max_depth", "--depth", 1, 20, 10, "Longest chain to look for, in edges"),
    kFieldsParam,
};

const ParamSpec kDetailsParams[] = {
    name_param("name", "A class, interface, function, method or module name, or a file path"),
    boolean_param("include_source", "--no-source", true, "Include the block's source lines"),
    integer_param("max_lines", "--max-lines", 1, 2000, 200, "Most source lines to return, from line_start"),
    kOffsetParam,
    kFieldsParam,
};
const ParamSpec kSourceParams[] = {
    string_param("target", "FILE:START-END or FILE:LINE (FILE relative to the indexed root), a definition's or "
                           "module's name, or a file path (the whole file)"),
    integer_param("max_lines", "--max-lines", 1, 2000, 200, "Most lines to return, from the first one asked"),
    kOffsetParam,
    kFieldsParam,
};
const ParamSpec kWhyParams[] = {
    name_param("name", "A function, method, class, interface, module or package name, or a file path"),
    integer_param("max_depth", "--depth", 1, 10, 3, "How many steps each tree goes"),
    boolean_param("reverse", "--reverse", false,
                  "Emphasise what depends on it: upstream to max_depth, downstream to max(max_depth / 2, 1)"),
    integer_param("max_nodes", "--max-nodes", 1, 100, 50, "Most nodes in each tree"),
    kFieldsParam,
};
const ParamSpec kContextParams[] = {
    string_list_param("names", "The focus: one or more function, method, class, module or package names, node "
                               "ids or file paths"),
    integer_param("max_depth", "--depth", 1, 5, 2, "How many steps the walk goes from the focus"),
    integer_param("max_nodes", "--max-nodes", 1, 100, 20, "Most nodes in the bundle, the focus included"),
    integer_param("budget", "--budget", 0, 100000, 2000, "Tokens of source snippets (a token: 4 characters)"),
    kFieldsParam,
};

constexpr std::string_view kCycleTypes[] = {"CALLS", "IMPORTS", "INHERITS"};
const ParamSpec kCyclesParams[] = {
    choice_param("relationship_type", "--type", kCycleTypes, "CALLS", "Relationship type to follow"),
    kOffsetParam,  // no fields: cycles name their nodes
};
// "all", then every UnresolvedReason code (store/unresolved_reason.hpp).
constexpr std::string_view kUnresolvedReasons[] = {"all",           "unknown_name",   "unknown_receiver",
                                                   "no_such_member", "dynamic_callee", "not_callable",
                                                   "unknown"};
const ParamSpec kUnresolvedParams[] = {
    name_param("target", "A function, method, class, module or package name, or a file path"),
    choice_param("reason", "--reason", kUnresolvedReasons, "all", "Only the call sites unresolved for this reason"),
    kOffsetParam,
    kFieldsParam,
};

constexpr std::string_view kSearchLabels[] = {"all", "Module", "Class", "Interface", "Function", "Method"};
const ParamSpec kSearchParams[] = {
    string_param("text", "What to look for: words (camelCase and snake_case identifiers are split into their words) "
                         "and \"quoted phrases\" that must appear as consecutive words"),
    choice_param("label", "--label", kSearchLabels, "all", "Only nodes of this label"),
    string_option("language", "--language", "Only nodes of this language (python, typescript, javascript, go, java, "
                                            "csharp)"),
    string_option("path", "--path", "Only nodes whose file_path matches this glob ('*' also matches '/': src/shop/*)"),
    integer_param("limit", "--limit", 1, 100, 10, "Most hits to return"),
    kOffsetParam,
    kFieldsParam,
};

const ParamSpec kSimilarParams[] = {
    name_param("name", "Qualified name (or node_id) of the Function, Method, Class or Interface to compare"),
    integer_param("limit", "--limit", 1, 100, 10, "Most similar definitions to return"),
    kOffsetParam,
    kFieldsParam,
};

const ParamSpec kSemanticParams[] = {
    number_list_param("vector", "--vector",
                      "The query vector, of the dimension of the imported embeddings (CLI: a file holding a JSON "
                      "array or one line of numbers, - for stdin)"),
    choice_param("label", "--label", kSearchLabels, "all", "Only nodes of this label"),
    integer_param("limit", "--limit", 1, 100, 10, "Most hits to return"),
    kOffsetParam,
    kFieldsParam,
};

const ParamSpec kResolveParams[] = {
    string_list_param("ids", "References to resolve (at most 100): node_ids, FILE:LINE (FILE relative to the indexed "
                             "root), or names"),
    kFieldsParam,
};

const QuerySpec kSpecs[] = {
    {QueryKind::Callers, "query_callers", "callers", "Functions and methods that call a function",
     "Distinct functions and methods that reach the target over CALLS edges followed backwards, each "
     "with its depth (1 = calls it directly). With max_depth > 1, call_chains gives one shortest chain "
     "per caller, farthest caller first, ending at the target. Callers of a method the target overrides or "
     "implements (a call on the base class or interface may run it) are included after the direct ones of "
     "their depth, marked via: dispatch with the overridden method in through, unless dispatch is false. Each "
     "caller has call_sites [{file_path, line}]: where it makes the call of its last step (into the target, or "
     "into the next function of its chain). At most 100 callers per page; metadata.total_count says how many "
     "there are, metadata.next_offset where the next page starts (offset), and metadata.unresolved_calls how "
     "many call sites inside the answer could not be resolved.",
     kCallersParams, results::kCallers},
    {QueryKind::Callees, "query_callees", "callees", "Functions, methods and classes a function calls",
     "Distinct functions, methods and classes (constructor calls) the target reaches over CALLS edges, "
     "each with its depth (1 = called directly). With max_depth > 1, call_chains gives one shortest "
     "chain per callee, starting at the target. With dispatch, the methods that override or implement a "
     "method called (in subclasses and implementers, transitively) follow the callees of its depth, marked "
     "via: dispatch with the called method in through (their chains run through it), and the walk goes on "
     "from them. Each callee has call_sites [{file_path, line}]: where the function before it calls it (for an "
     "override, where the method it overrides is called). At most 100 callees per page; metadata.next_offset "
     "is where the next page starts (offset).",
     kCalleesParams, results::kCallees},
    {QueryKind::Hierarchy, "query_hierarchy", "hierarchy", "Ancestors and descendants of a class",
     "The inheritance hierarchy of a class: ancestors (over INHERITS and IMPLEMENTS), descendants, each "
     "with its depth, a nested hierarchy_tree, and circular_dependencies plus a warning when "
     "inheritance loops.",
     kHierarchyParams, results::kHierarchy},
    {QueryKind::Dependencies, "query_dependencies", "dependencies", "What a module or function depends on",
     "For a module: the modules and external packages it imports and what its code calls outside "
     "itself; for a function: its module's imports and its own calls. dependency_graph gives the "
     "walked edges as adjacency by qualified name.",
     kDependenciesParams, results::kDependencies},
    {QueryKind::Exports, "query_exports", "exports", "The public definitions of a module",
     "Top-level classes and functions a module defines, by line: public ones have no leading "
     "underscore, or, where the module declares __all__, are the names it lists. Then what it "
     "re-exports (Python: names in __all__, `from .x import y as y`, public imports of a package's "
     "__init__; TypeScript/JavaScript: `export ... from`, `export *`, `export {y}` of an import), "
     "each the node where it is defined with re_exported: true and exported_as. module_info "
     "describes the module. At most 100 per page (offset; metadata.next_offset).",
     kExportsParams, results::kExports},
    {QueryKind::Implementations, "query_implementations", "implementations",
     "Classes that inherit from or implement a type",
     "Classes that inherit from or implement the target, with inheritance_depth (1 = direct); "
     "include_indirect adds their subclasses transitively. At most 100 per page (offset; "
     "metadata.next_offset).",
     kImplementationsParams, results::kImplementations},
    {QueryKind::CallGraph, "query_call_graph", "call-graph", "The call graph reachable from an entry point",
     "Breadth-first call graph from an entry point: nodes with their depth, CALLS edges between them "
     "with call_type and call_sites [{file_path, line}] (where the caller makes the call), truncated and "
     "total_nodes when max_nodes cut it, and cycles (recursion and mutual calls), never followed twice. With "
     "dispatch, the methods that override or implement a method called join the graph as for query_callees "
     "(via: dispatch, through the called method), with an edge from each listed caller of that method marked "
     "the same way.",
     kCallGraphParams, results::kCallGraph},
    {QueryKind::CallPath, "query_call_path", "path", "A shortest chain of calls between two functions",
     "A shortest chain of CALLS edges from one function to another (empty when there is none within "
     "max_depth); each step after the first has call_sites [{file_path, line}], where the step before calls it.",
     kCallPathParams, results::kCallPath},
    {QueryKind::Outline, "get_file_outline", "outline", "The definitions of one file, in line order",
     "Every class, interface, function and method a file defines, nested ones included, in line order: "
     "each with label, qualified_name, line_start/line_end, byte_start/byte_end, parent (qualified name) "
     "and depth (1 = defined by the module). label keeps one kind of definition. At most 100.",
     kOutlineParams, results::kOutline},
    {QueryKind::Children, "get_children", "children", "Methods and nested definitions of a class or function",
     "What a class, interface, function, method or module defines directly (DEFINES), in line order. "
     "At most 100 per page (offset; metadata.next_offset).",
     kChildrenParams, results::kChildren},
    {QueryKind::Importers, "query_importers", "importers", "Modules that import a module or package",
     "Modules with an IMPORTS edge to the target (a module, package, external package such as `requests`, "
     "or a file), each with its depth (1 = imports it directly); include_transitive adds the importers "
     "of importers. At most 100 per page (offset); metadata.total_count counts all, metadata.next_offset is "
     "where the next page starts.",
     kImportersParams, results::kImporters},
    {QueryKind::Chain, "query_dependency_chain", "chain", "A shortest dependency chain between two nodes",
     "A shortest chain of IMPORTS (between modules) or CALLS edges from one node to another, as nodes with "
     "their depth and rendered as `a → b → c`; found is false when there is none within max_depth.",
     kChainParams, results::kChain},
    {QueryKind::Complexity, "get_file_complexity", "complexity", "Size and cyclomatic complexity of a file",
     "A file's lines, definitions, functions (and methods), classes (and interfaces), imports and importers "
     "counts, and each function's cyclomatic complexity (1 + its decision points, counted at ingest; the "
     "`complexity` property in Cypher) in line order, with their total, maximum and average. At most 100 "
     "functions listed.",
     kComplexityParams, results::kComplexity},
    {QueryKind::Impact, "query_impact", "impact", "What may break if a definition, module or file changes",
     "Everything upstream of the target within max_depth dependency steps: its callers, transitively (for a "
     "class or module, the callers of its methods and definitions too), subclasses and implementers, methods "
     "overriding it in subclasses, modules importing it (transitively, for a module) or importing its module. "
     "The nearest 100 nodes, grouped by file in the order their first node was reached; each node with its "
     "depth, relation and the shortest reason chain to the target (`chain`, and `reason` as one sentence). "
     "results.total and metadata.total_count count every impacted node within max_depth.",
     kImpactParams, results::kImpact},
    {QueryKind::Details, "get_block_details", "details",
     "One block: where it sits, what it relates to, what it calls, its source",
     "A class, interface, function, method or module with its parent, its nesting path from the module down "
     "(`nesting`), its relationship counts per type (outgoing and incoming), the calls made inside its lines "
     "(by it and by definitions nested in it, resolved ones with their callee, unresolved ones with the text "
     "called, by line; at most 100), a module's imports, and its source lines read from the indexed root "
     "(capped by max_lines; `source` is null with `source_error` when the file cannot be read).",
     kDetailsParams, results::kDetails},
    {QueryKind::Source, "get_source", "source", "The text of a range of a file, or of a definition",
     "The source text of FILE:START-END (or FILE:LINE), of a named definition or module, or of a whole file, "
     "read from the indexed root (at most max_lines lines; truncated says when cut; changed_since_index says "
     "whether the file changed since it was indexed, where known), with the definitions whose lines overlap "
     "the returned range, in line order with their depth (at most 100).",
     kSourceParams, results::kSourceAnswer},
    {QueryKind::Why, "query_why", "why", "Why a node matters: what depends on it and what it depends on",
     "Two breadth-first trees around a node: upstream, what depends on it (who calls, inherits, implements "
     "or imports it, transitively), and downstream, what it depends on (what it calls, inherits, implements "
     "or imports). A class, module or package includes its definitions (callers of a method are upstream of "
     "its class; `through` names the definition). Each node appears once per tree, nested under the node it "
     "was reached from, with the edge type (a CALLS step with its call_sites [{file_path, line}]); at most "
     "max_nodes per tree (truncated says when the cap stopped it; direct counts every node one step away). "
     "`rendered` is the same as a plain-text tree.",
     kWhyParams, results::kWhy},
    {QueryKind::Context, "get_context", "context", "A context bundle around one or more focus nodes",
     "What to read before changing code (seed 003's context bundle, version 1): the focus nodes, the subgraph "
     "a breadth-first walk reaches from them over both directions within max_depth (each node's neighbours "
     "in a fixed priority: DEFINES and CONTAINS, then CALLS, then INHERITS and IMPLEMENTS, then IMPORTS; each "
     "node once; at most max_nodes), every edge among those nodes, source snippets of the definitions (and "
     "of focus modules) in the same order until budget tokens (characters / 4) are spent, the last one cut "
     "at a whole line, and the calls inside the focus that could not be resolved. truncated says whether the "
     "node cap or the budget cut anything.",
     kContextParams, results::kContext},
    {QueryKind::Cycles, "query_cycles", "cycles", "The cycles over one relationship type",
     "Cycles over CALLS (recursion, mutual recursion), IMPORTS (import cycles) or INHERITS edges: each a strongly "
     "connected component of several nodes that all reach each other, or one node with an edge to itself, as "
     "{cycle_type, cycle_path (qualified names, by id), cycle_length}, largest first. At most 100 per page "
     "(offset); metadata.total_count counts all, metadata.next_offset is where the next page starts.",
     kCyclesParams, results::kCycles},
    {QueryKind::Unresolved, "list_unresolved", "unresolved", "Call sites inside a definition or file left unresolved",
     "The call sites inside a function, method or class (and the definitions nested in it), a module or file, or "
     "a package's modules, that ingest could not resolve to a definition in the tree or to a library: what a "
     "callers, callees or impact answer about them may miss. Each with caller, file_path, line, the callee as "
     "written (text) and reason: unknown_name (nothing by that name is defined, imported or built in there), "
     "unknown_receiver (the type of the object before the last `.` is not known), no_such_member (the object is "
     "known but has no such member: set at run time?), dynamic_callee (a call's result, an element or another "
     "expression is called), not_callable (the name holds no function, class or callable object), unknown (not "
     "recorded: index again). by_reason counts every site inside the target per reason. By file and line, at "
     "most 100 per page (offset; metadata.next_offset).",
     kUnresolvedParams, results::kUnresolved},
    {QueryKind::Search, "search_code", "search", "Ranked full-text search over definitions and modules",
     "Finds definitions (classes, interfaces, functions, methods) and modules by what their code says: each is "
     "indexed by the words of its name (parseHTTPResponse: parse, http, response, and parsehttpresponse), of "
     "the rest of its qualified name, its docstring or doc comments and the comments in its body, its "
     "decorators, and the identifiers and string-literal words of its body (weighted lower), a definition's "
     "body leaving out what "
     "definitions nested in it say. Hits are ranked by BM25F over those fields; a one-word query puts the "
     "definitions of that name first (exact_name). A hit has any query word and every \"quoted phrase\" (its words "
     "consecutive in the name, docstring or source lines); common English words (the, where, is...) are dropped "
     "from a query with other words. Each hit: node, score, matched (the query words it has) and a one-line "
     "snippet. No hit: suggestions lists vocabulary words near the query's unknown ones (edit distance). label, "
     "language and path filter; limit hits per page (offset; metadata.next_offset).",
     kSearchParams, results::kSearch, true},
    {QueryKind::Semantic, "search_semantic", "search", "Nearest definitions to a query vector (imported embeddings)",
     "The definitions whose embeddings (imported with `trellis embeddings import`, or made at index time with "
     "--embed-command) are nearest the query vector by cosine similarity, through an approximate nearest-neighbour "
     "index (HNSW): each hit is the node, enriched as every answer's (file, lines, node_id), with its score "
     "(cosine similarity, -1..1), best first. The vector must have the embeddings' dimension; vectors of "
     "definitions no longer in the graph are passed over. label filters; limit hits per page (offset; "
     "metadata.next_offset). INVALID_ARGUMENT when the graph has no embeddings.",
     kSemanticParams, results::kSemantic, true, "--vector"},
    {QueryKind::Resolve, "resolve_nodes", "resolve", "Nodes for a batch of node ids, FILE:LINE references or names",
     "Turns references kept outside the graph (an external vector store's hits, a list of node_ids saved earlier) "
     "into nodes, in the order given (lean; fields [\"all\"] for every property). A reference is a node_id (16 hex digits, in every node "
     "object; stable while its definition stays in its file), FILE:LINE (the innermost definition spanning that "
     "line, else the file's module) or a name. Each is resolved on its own: one that resolves to nothing has found "
     "false, node null and its error {error, error_code, suggestions}, and the others are still answered. found and "
     "missing count them.",
     kResolveParams, results::kResolve, true},
    {QueryKind::Similar, "find_similar", "similar", "Definitions most like a given one (is there a helper already?)",
     "Definitions of the same kind (functions and methods, or classes and interfaces) ranked by how much they share "
     "with the target: the Jaccard index of the sets of definitions they call (CALLS targets) and the Jaccard index "
     "of the sets of distinct words of their names and documentation (docstring, doc comments, comments in the "
     "body), averaged over the sets the target has. Definitions whose normalised body (text without comments, "
     "whitespace or their own name) hashes like the target's come first with exact_duplicate true and score 1. "
     "Each match: node, score (0..1), exact_duplicate, shared_calls (qualified names) and shared_words. A callee or "
     "word more than 2000 definitions share counts in the indexes but finds no candidate alone. Definitions sharing "
     "nothing are left out. limit matches per page (offset; metadata.next_offset).",
     kSimilarParams, results::kSimilar},
};

HierarchyDirection direction_from(const std::string& text) {
  if (text == "up") return HierarchyDirection::Up;
  if (text == "down") return HierarchyDirection::Down;
  return HierarchyDirection::Both;
}

DependencyType dependency_type_from(const std::string& text) {
  if (text == "imports") return DependencyType::Imports;
  if (text == "calls") return DependencyType::Calls;
  return DependencyType::All;
}

int as_int(std::int64_t value) { return static_cast<int>(value); }

}  // namespace

NodeFields requested_fields(const CheckedArguments& arguments) {
  return NodeFields::from_choices(arguments.texts(kFieldsParam.name));
}

namespace {

std::size_t offset(const CheckedArguments& a) { return static_cast<std::size_t>(a.integer(kOffsetParam)); }

QueryRequest typed_request(const QuerySpec& spec, const CheckedArguments& a) {
  const auto& p = spec.params;
  switch (spec.kind) {
    case QueryKind::Callers:
      return CallersRequest{a.text(p[0].name), as_int(a.integer(p[1])), a.boolean(p[2]), a.boolean(p[3]), offset(a)};
    case QueryKind::Callees:
      return CalleesRequest{a.text(p[0].name), as_int(a.integer(p[1])), a.boolean(p[2]), offset(a)};
    case QueryKind::Hierarchy:
      return HierarchyRequest{a.text(p[0].name), direction_from(a.choice(p[1])), as_int(a.integer(p[2])), offset(a)};
    case QueryKind::Dependencies:
      return DependenciesRequest{a.text(p[0].name), dependency_type_from(a.choice(p[1])), a.boolean(p[2]), offset(a)};
    case QueryKind::Exports: return ExportsRequest{a.text(p[0].name), a.boolean(p[1]), offset(a)};
    case QueryKind::Implementations: return ImplementationsRequest{a.text(p[0].name), a.boolean(p[1]), offset(a)};
    case QueryKind::CallGraph:
      return CallGraphRequest{a.text(p[0].name), as_int(a.integer(p[1])), as_int(a.integer(p[2])), a.boolean(p[3])};
    case QueryKind::CallPath: return CallPathRequest{a.text(p[0].name), a.text(p[1].name), as_int(a.integer(p[2]))};
    case QueryKind::Outline: return OutlineRequest{a.text(p[0].name), a.choice(p[1]), offset(a)};
    case QueryKind::Children: return ChildrenRequest{a.text(p[0].name), offset(a)};
    case QueryKind::Complexity: return ComplexityRequest{a.text(p[0].name), offset(a)};
    case QueryKind::Impact: return ImpactRequest{a.text(p[0].name), as_int(a.integer(p[1])), offset(a)};
    case QueryKind::Importers: return ImportersRequest{a.text(p[0].name), a.boolean(p[1]), offset(a)};
    case QueryKind::Chain:
      return ChainRequest{a.text(p[0].name), a.text(p[1].name), a.choice(p[2]), as_int(a.integer(p[3]))};
    case QueryKind::Details:
      return DetailsRequest{a.text(p[0].name), a.boolean(p[1]), as_int(a.integer(p[2])), offset(a)};
    case QueryKind::Source: return SourceRequest{a.text(p[0].name), as_int(a.integer(p[1])), offset(a)};
    case QueryKind::Context:
      return ContextRequest{a.texts(p[0].name), as_int(a.integer(p[1])), as_int(a.integer(p[2])),
                            as_int(a.integer(p[3]))};
    case QueryKind::Why:
      return WhyRequest{a.text(p[0].name), as_int(a.integer(p[1])), as_int(a.integer(p[3])), a.boolean(p[2])};
    case QueryKind::Cycles: return CyclesRequest{*rel_type_from_string(a.choice(p[0])), offset(a)};
    case QueryKind::Unresolved: return UnresolvedRequest{a.text(p[0].name), a.choice(p[1]), offset(a)};
    case QueryKind::Search:
      return SearchRequest{a.text(p[0].name), a.choice(p[1]), a.text(p[2].name), a.text(p[3].name),
                           static_cast<std::size_t>(a.integer(p[4])), offset(a)};
    case QueryKind::Resolve: return ResolveRequest{a.texts(p[0].name)};
    case QueryKind::Similar:
      return SimilarRequest{a.text(p[0].name), static_cast<std::size_t>(a.integer(p[1])), offset(a)};
    case QueryKind::Semantic:
      return SemanticRequest{a.numbers(p[0].name), a.choice(p[1]), static_cast<std::size_t>(a.integer(p[2])),
                             offset(a)};
  }
  return CallersRequest{};
}

template <class T>
Result<QueryAnswer> answer(QueryKind kind, Result<T> result) {
  if (!result.ok()) return std::move(result).take_error();
  return QueryAnswer{kind, std::move(result).value()};
}

}  // namespace

std::span<const QuerySpec> query_specs() { return kSpecs; }

const QuerySpec& query_spec(QueryKind kind) {
  return *std::find_if(std::begin(kSpecs), std::end(kSpecs), [&](const QuerySpec& s) { return s.kind == kind; });
}

const QuerySpec* find_query_by_tool(std::string_view tool) {
  const auto it = std::find_if(std::begin(kSpecs), std::end(kSpecs), [&](const QuerySpec& s) { return s.tool == tool; });
  return it == std::end(kSpecs) ? nullptr : &*it;
}

const QuerySpec* find_query_by_command(std::string_view command) {
  const auto it =
      std::find_if(std::begin(kSpecs), std::end(kSpecs), [&](const QuerySpec& s) { return s.command == command; });
  return it == std::end(kSpecs) ? nullptr : &*it;
}

std::string_view name_format_help() { return kNameFormat; }

Result<QueryRequest> make_request(const QuerySpec& spec, const Arguments& arguments) {
  auto checked = CheckedArguments::check(spec.tool, spec.params, arguments);
  if (!checked.ok()) return std::move(checked).take_error();
  return typed_request(spec, *checked);
}

QueryRequest make_request(const QuerySpec& spec, const CheckedArguments& arguments) {
  return typed_request(spec, arguments);
}

Result<QueryAnswer> run_query(const GraphStore& store, const QueryRequest& request, TraversalScratch& scratch,
                              const SourceReader* sources, const embeddings::SemanticIndex* semantic) {
  struct Run {
    const GraphStore& store;
    TraversalScratch& scratch;
    const SourceReader* sources;
    const embeddings::SemanticIndex* semantic;
    Result<QueryAnswer> operator()(const CallersRequest& r) const {
      return answer(QueryKind::Callers, query_callers(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const CalleesRequest& r) const {
      return answer(QueryKind::Callees, query_callees(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const HierarchyRequest& r) const {
      return answer(QueryKind::Hierarchy, query_hierarchy(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const DependenciesRequest& r) const {
      return answer(QueryKind::Dependencies, query_dependencies(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const ExportsRequest& r) const {
      return answer(QueryKind::Exports, query_exports(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const ImplementationsRequest& r) const {
      return answer(QueryKind::Implementations, query_implementations(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const CallGraphRequest& r) const {
      return answer(QueryKind::CallGraph, query_call_graph(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const CallPathRequest& r) const {
      return answer(QueryKind::CallPath, query_call_path(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const OutlineRequest& r) const {
      return answer(QueryKind::Outline, query_outline(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const ImpactRequest& r) const {
      return answer(QueryKind::Impact, query_impact(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const ComplexityRequest& r) const {
      return answer(QueryKind::Complexity, query_complexity(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const ChildrenRequest& r) const {
      return answer(QueryKind::Children, query_children(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const ImportersRequest& r) const {
      return answer(QueryKind::Importers, query_importers(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const ChainRequest& r) const {
      return answer(QueryKind::Chain, query_dependency_chain(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const DetailsRequest& r) const {
      return answer(QueryKind::Details, query_details(store, r, scratch, sources));
    }
    Result<QueryAnswer> operator()(const SourceRequest& r) const {
      return answer(QueryKind::Source, query_source(store, r, scratch, sources));
    }
    Result<QueryAnswer> operator()(const ContextRequest& r) const {
      return answer(QueryKind::Context, query_context(store, r, scratch, sources));
    }
    Result<QueryAnswer> operator()(const WhyRequest& r) const {
      return answer(QueryKind::Why, query_why(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const CyclesRequest& r) const {
      return answer(QueryKind::Cycles, query_cycles(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const UnresolvedRequest& r) const {
      return answer(QueryKind::Unresolved, query_unresolved(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const SearchRequest& r) const {
      return answer(QueryKind::Search, query_search(store, r, scratch, sources));
    }
    Result<QueryAnswer> operator()(const ResolveRequest& r) const {
      return answer(QueryKind::Resolve, query_resolve(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const SimilarRequest& r) const {
      return answer(QueryKind::Similar, query_similar(store, r, scratch));
    }
    Result<QueryAnswer> operator()(const SemanticRequest& r) const {
      return answer(QueryKind::Semantic, query_semantic(store, r, semantic));
    }
  };
  return std::visit(Run{store, scratch, sources, semantic}, request);
}

}  // namespace trellis::queries
