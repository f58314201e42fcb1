// A structural query's answer as CONTRACT.md's whole JSON document,
// {"query", "results", "metadata"}, written in one pass straight from the
// store with RapidJSON's SAX writer (answers must be built in
// microseconds). Shared by the CLI's --json (Pretty), the MCP server
// (Compact) and the query benchmark, so all three send the same bytes.
#pragma once

#include <chrono>
#include <string>

#include "trellis/output/json_text_writer.hpp"
#include "trellis/output/report.hpp"
#include "trellis/queries/query_catalog.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::output {

// The document of `answer` to `request`, its nodes with the properties
// `fields` includes (get_block_details' own node with all). metadata has row_count,
// total_count, truncated, execution_time_ms (from `start` to when the
// results are written), max_depth where the query has one,
// unresolved_calls where the answer follows CALLS, offset and next_offset
// (null on the last page) where the answer is a page of a capped list, and
// query_type "structural".
std::string answer_document(const GraphStore& store, const queries::QueryRequest& request,
                            const queries::QueryAnswer& answer, const queries::NodeFields& fields, JsonStyle style,
                            std::chrono::steady_clock::time_point start);

// A Report carrying that document, printed or sent as is.
Report answer_report(std::string document);

}  // namespace trellis::output
