// What a successful command produced: the JSON document's parts for --json
// (CONTRACT.md "JSON shapes") and the text for people. A command whose
// output is large may fill only the form GlobalOptions::json asks for.
#pragma once

#include <optional>
#include <string>

#include "trellis/output/json.hpp"

namespace trellis::output {

struct Report {
  std::string query;       // what was done, e.g. "stats of /repo/.trellis/graph.trellis"
  std::string query_type;  // metadata.query_type: "import", "export", "stats", ...
  Json results;            // the document's "results"
  // The results as JSON text instead, when the command wrote them directly
  // (structural answers); printed in place of `results`.
  std::optional<std::string> results_text;
  // The whole document, when the command wrote it in one pass (structural
  // answers, in the style its consumer wants: Pretty for the CLI, Compact
  // for the MCP server); printed or sent in place of the parts above.
  std::optional<std::string> document;
  std::string text;        // the human form, printed as is on stdout
  // For row-returning queries: metadata.row_count, total_count and truncated.
  std::optional<std::size_t> row_count;
  std::optional<std::size_t> total_count;
  // Further metadata fields (max_depth, unresolved_calls, ...).
  Json metadata = Json::object();
  // The query's own time, when it should exclude loading the snapshot;
  // otherwise the command's whole run is reported.
  std::optional<double> execution_time_ms;
};

}  // namespace trellis::output
