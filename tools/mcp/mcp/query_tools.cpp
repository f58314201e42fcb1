// The structural queries as tools: declarations, validation and answers all
// come from the query catalog and answer_json, exactly as for the CLI.
#include <chrono>

#include "mcp/graph_tools.hpp"
#include "trellis/output/answer_json.hpp"
#include "trellis/queries/query_catalog.hpp"

namespace trellis::mcp {

void add_query_tools(ToolRegistry& registry) {
  for (const queries::QuerySpec& spec : queries::query_specs()) {
    registry.add(Tool{
        std::string(spec.tool), std::string(spec.summary), std::string(spec.description), spec.params,
        [&spec](const ToolContext& context, const queries::CheckedArguments& arguments) -> Result<output::Report> {
          const queries::QueryRequest request = queries::make_request(spec, arguments);
          const auto start = std::chrono::steady_clock::now();
          auto answer = context.graph.database().run(request, &context.scratch, &context.graph.sources());
          if (!answer.ok()) return std::move(answer).take_error();
          return output::answer_report(
              output::answer_document(context.graph.store(), request, *answer, queries::requested_fields(arguments),
                                      output::JsonStyle::Compact, start));
        },
        spec.results});
  }
}

}  // namespace trellis::mcp
