// The structural queries as tools: declarations, validation and answers all
// come from the query catalog and answer_json, exactly as for the CLI.
#include <fmt/format.h>

#include <chrono>

#include "mcp/graph_tools.hpp"
#include "trellis/output/answer_json.hpp"
#include "trellis/queries/query_catalog.hpp"

namespace trellis::mcp {
namespace {

std::string tool_description(const queries::QuerySpec& spec) {
  return fmt::format(
      "{}\n\n{}\n\nReturns JSON {{\"query\", \"results\", \"metadata\"}}: metadata has row_count, total_count, "
      "truncated and execution_time_ms. A node is {{label, qualified_name, name, file_path (relative to the "
      "indexed root), line_start, line_end, depth, ...}}. A refused call returns {{error, error_code "
      "(NODE_NOT_FOUND, AMBIGUOUS_NAME, INVALID_ARGUMENT, ...), suggestions}}.",
      spec.description, queries::name_format_help());
}

}  // namespace

void add_query_tools(ToolRegistry& registry) {
  for (const queries::QuerySpec& spec : queries::query_specs()) {
    registry.add(Tool{
        std::string(spec.tool), std::string(spec.summary), tool_description(spec), spec.params,
        [&spec](const ToolContext& context, const queries::CheckedArguments& arguments) -> Result<output::Report> {
          const queries::QueryRequest request = queries::make_request(spec, arguments);
          const auto start = std::chrono::steady_clock::now();
          auto answer = context.graph.database().run(request, &context.scratch, &context.graph.sources());
          if (!answer.ok()) return std::move(answer).take_error();
          return output::answer_report(
              output::answer_document(context.graph.store(), request, *answer, output::JsonStyle::Compact, start));
        }});
  }
}

}  // namespace trellis::mcp
