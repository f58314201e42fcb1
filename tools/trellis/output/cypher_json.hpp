// Cypher results as CONTRACT.md's JSON ("cypher" results): {"columns",
// "rows": [{column: value}], "row_count", "truncated"}. A node is the node
// object of the structural answers, a relationship {"type", "from", "to",
// ...properties} with from/to as qualified names, a path {"nodes",
// "relationships"}. Internal ids never appear.
#pragma once

#include <string>

#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/output/json_text_writer.hpp"
#include "trellis/output/report.hpp"

namespace trellis::output {

void write_cypher_value(JsonTextWriter& writer, const GraphStore& store, const cypher::Value& value);

// The "results" object of a cypher answer, as JSON text.
std::string cypher_results_json(const GraphStore& store, const cypher::CypherResult& result, JsonStyle style);

// The rows as an aligned table for people, then "N rows" (and how many
// were cut), or the plan text for EXPLAIN / PROFILE.
std::string cypher_results_text(const GraphStore& store, const cypher::CypherResult& result);

// The report of one statement (`trellis cypher QUERY`, the MCP query_cypher
// tool): the JSON results (with `style`) when `json`, else the table.
Report cypher_report(const GraphStore& store, std::string query, const cypher::CypherResult& result,
                     double execution_time_ms, bool json, JsonStyle style = JsonStyle::Pretty);

}  // namespace trellis::output
