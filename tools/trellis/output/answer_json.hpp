// A structural query's answer as CONTRACT.md's JSON: the "results" object
// as text, written straight from the store (answers must be built in
// microseconds), and the "metadata" fields beyond the common ones. Shared
// by the CLI's --json, the MCP server and the query benchmark.
#pragma once

#include <string>

#include "trellis/output/json.hpp"
#include "trellis/output/json_text_writer.hpp"
#include "trellis/output/report.hpp"
#include "trellis/queries/query_catalog.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::output {

struct AnswerJson {
  std::string query;    // "callers of shop.util.log.log (depth 1)"
  std::string results;  // the tool's results object, as JSON text
  std::size_t row_count = 0;
  std::size_t total_count = 0;
  // Metadata beyond the common fields: max_depth where the query has one,
  // unresolved_calls where the answer follows CALLS.
  Json metadata = Json::object();
};

AnswerJson answer_json(const GraphStore& store, const queries::QueryRequest& request,
                       const queries::QueryAnswer& answer, JsonStyle style = JsonStyle::Compact);

// A structural answer as a Report for --json and the MCP server: query,
// results text, counts and metadata, query_type "structural".
Report answer_report(AnswerJson json, double execution_time_ms);

}  // namespace trellis::output
