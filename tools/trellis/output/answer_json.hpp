// A structural query's answer as CONTRACT.md's JSON "results" and
// "metadata" parts, shared by the CLI's --json and the MCP server.
#pragma once

#include <string>

#include "trellis/output/json.hpp"
#include "trellis/queries/query_catalog.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::output {

struct AnswerJson {
  std::string query;  // "callers of shop.util.log.log (depth 1)"
  Json results;       // the tool's results object
  std::size_t row_count = 0;
  std::size_t total_count = 0;
  // Metadata beyond the common fields: max_depth where the query has one,
  // unresolved_calls where the answer follows CALLS.
  Json metadata = Json::object();
};

AnswerJson answer_json(const GraphStore& store, const queries::QueryRequest& request,
                       const queries::QueryAnswer& answer);

}  // namespace trellis::output
