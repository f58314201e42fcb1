// query_cypher: a read-only openCypher statement against the loaded graph,
// run by the Cypher engine the CLI's `trellis cypher` runs, answered with
// the same document (CONTRACT.md "cypher" results).
#include <fmt/format.h>

#include <chrono>

#include "mcp/graph_tools.hpp"
#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/output/cypher_json.hpp"

namespace trellis::mcp {
namespace {

const queries::ParamSpec kParams[] = {
    queries::string_param("query",
                          "One read-only openCypher statement, e.g. MATCH (f:Function {qualified_name: $q})"
                          "<-[:CALLS*1..3]-(g) RETURN DISTINCT g.qualified_name"),
    queries::object_param("parameters", "Values of the statement's $parameters, by name: {\"q\": \"shop.app.main\"}"),
    queries::integer_param("limit", "--limit", 1, 1000, 50,
                           "Rows returned at most; metadata.total_count says how many matched"),
};

constexpr std::string_view kDescription =
    "Runs one read-only openCypher statement (MATCH, OPTIONAL MATCH, WHERE, WITH, UNWIND, RETURN, ORDER BY, "
    "SKIP, LIMIT, UNION; variable-length patterns up to 10 hops; shortestPath; aggregation; EXPLAIN and "
    "PROFILE). Labels: Project, Package, Module, Class, Interface, Function, Method, ExternalPackage. "
    "Relationships: CONTAINS, DEFINES, CALLS {call_type, line}, INHERITS, IMPLEMENTS, IMPORTS. Properties: "
    "qualified_name, name, file_path, line_start, line_end, language and each label's own (get_schema lists "
    "them). Names: qualified names are dotted, the module path then class and function (shop.services.auth.AuthService."
    "login). Writes (CREATE, MERGE, SET, DELETE, ...) are refused with READ_ONLY.\n\n"
    "Returns JSON {\"query\", \"results\": {\"columns\", \"rows\": [{column: value}], \"row_count\", "
    "\"truncated\"}, \"metadata\"}: a node value is {label, qualified_name, name, file_path, line_start, "
    "line_end, ...}, a relationship {type, from, to, ...}, a path {nodes, relationships}. A refused call "
    "returns {error, error_code (CYPHER_SYNTAX_ERROR with line and column, CYPHER_SEMANTIC_ERROR with "
    "suggestions, READ_ONLY, TIMEOUT, INVALID_ARGUMENT)}.";

using enum queries::Shape;
using queries::field;
using queries::list;
constexpr queries::ResultField kCypherResults[] = {list("columns", String), list("rows", Map), field("row_count", Integer),
                                             field("truncated", Boolean), optional(field("plan", String))};

// The `parameters` object as the engine's parameters.
Result<cypher::Parameters> parameters_of(const queries::CheckedArguments& arguments) {
  cypher::Parameters parameters;
  const std::optional<std::string> text = arguments.object("parameters");
  if (!text) return parameters;
  auto value = cypher::value_from_json(*text);
  if (!value.ok()) return std::move(value).take_error();
  if (value->kind() != cypher::ValueKind::Map) {
    return make_error(ErrorCode::InvalidArgument, "query_cypher: parameters must be a JSON object");
  }
  for (const auto& [name, entry] : value->as_map()) parameters.emplace_back(name, entry);
  return parameters;
}

Result<output::Report> run(const ToolContext& context, const queries::CheckedArguments& arguments) {
  auto parameters = parameters_of(arguments);
  if (!parameters.ok()) return std::move(parameters).take_error();
  cypher::CypherOptions options;
  options.row_limit = static_cast<std::size_t>(arguments.integer(kParams[2]));
  const std::string query = arguments.text("query");
  const GraphStore& store = context.graph.store();
  const auto start = std::chrono::steady_clock::now();
  auto result = cypher::run_cypher(store, query, *parameters, options);
  if (!result.ok()) return std::move(result).take_error();
  const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
  return output::cypher_report(store, query, *result, elapsed.count(), true, output::JsonStyle::Compact);
}

}  // namespace

void add_query_cypher_tool(ToolRegistry& registry) {
  registry.add(Tool{"query_cypher", "Run a read-only Cypher query", std::string(kDescription), kParams, &run, kCypherResults});
}

}  // namespace trellis::mcp
