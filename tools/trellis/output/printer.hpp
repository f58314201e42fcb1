// Printing a command's outcome. With --json, stdout gets exactly one JSON
// document: {"query", "results", "metadata"} on success, CONTRACT.md's error
// object on failure. Without it, success text goes to stdout and errors to
// stderr as "trellis: error: <message>". An error with a position (a Cypher
// syntax error) carries "line" and "column" in its JSON object.
#pragma once

#include <string>

#include "trellis/common/error.hpp"
#include "trellis/output/json.hpp"
#include "trellis/output/report.hpp"

namespace trellis::output {

void print_report(const Report& report, double execution_time_ms, bool json);

// `provided_input` is echoed in the error object (the command's arguments).
void print_error(const Error& error, const Json& provided_input, bool json);

// CONTRACT.md's error object, echoing `provided_input`.
Json error_json(const Error& error, const Json& provided_input);

// The success document {"query", "results", "metadata"} as one line of
// compact JSON text (what the MCP server returns).
std::string report_json(const Report& report, double execution_time_ms);

// The JSON text of `document`, two-space indented; invalid UTF-8 in strings
// is replaced rather than thrown on.
std::string dump_json(const Json& document);

}  // namespace trellis::output
