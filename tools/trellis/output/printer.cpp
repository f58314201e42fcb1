#include "trellis/output/printer.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace trellis::output {

std::string dump_json(const Json& document) {
  return document.dump(2, ' ', false, Json::error_handler_t::replace);
}

namespace {

Json metadata_json(const Report& report, double execution_time_ms) {
  Json metadata = Json::object();
  if (report.row_count) {
    const std::size_t total = report.total_count.value_or(*report.row_count);
    metadata["row_count"] = *report.row_count;
    metadata["total_count"] = total;
    metadata["truncated"] = total > *report.row_count;
  }
  metadata["execution_time_ms"] = report.execution_time_ms.value_or(execution_time_ms);
  for (const auto& [key, value] : report.metadata.items()) metadata[key] = value;
  metadata["query_type"] = report.query_type;
  return metadata;
}

}  // namespace

std::string report_json(const Report& report, double execution_time_ms) {
  if (report.document) return *report.document;
  const auto compact = [](const Json& value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace); };
  std::string out = "{\"query\":";
  out += compact(Json(report.query));
  out += ",\"results\":";
  out += report.results_text ? *report.results_text : compact(report.results);
  out += ",\"metadata\":";
  out += compact(metadata_json(report, execution_time_ms));
  out += '}';
  return out;
}

void print_report(const Report& report, double execution_time_ms, bool json) {
  if (!json) {
    fmt::print("{}", report.text);
    return;
  }
  if (report.document) {
    fmt::print("{}\n", *report.document);
    return;
  }
  Json metadata = metadata_json(report, execution_time_ms);
  if (report.results_text) {
    // The results are text already: the document is assembled around them,
    // each nested part indented one level (JSON strings hold no raw newline).
    const auto nested = [](std::string text) {
      std::string out;
      for (const char c : text) {
        out += c;
        if (c == '\n') out += "  ";
      }
      return out;
    };
    fmt::print("{{\n  \"query\": {},\n  \"results\": {},\n  \"metadata\": {}\n}}\n", dump_json(Json(report.query)),
               nested(*report.results_text), nested(dump_json(metadata)));
    return;
  }
  const Json document = {{"query", report.query}, {"results", report.results}, {"metadata", std::move(metadata)}};
  fmt::print("{}\n", dump_json(document));
}

void print_error(const Error& error, const Json& provided_input, bool json) {
  if (!json) {
    fmt::print(stderr, "trellis: error: {}\n", error.message);
    if (!error.suggestions.empty()) {
      fmt::print(stderr, "Did you mean {}?\n", fmt::join(error.suggestions, ", "));
    }
    return;
  }
  fmt::print("{}\n", dump_json(error_json(error, provided_input)));
}

Json error_json(const Error& error, const Json& provided_input) {
  Json document = {
      {"error", error.message},
      {"error_code", to_string(error.code)},
      {"suggestion", nullptr},
      {"suggestions", error.suggestions},
      {"provided_input", provided_input},
  };
  if (!error.suggestions.empty())
    document["suggestion"] = fmt::format("Did you mean {}?", error.suggestions.front());
  if (error.position) {
    document["line"] = error.position->line;
    document["column"] = error.position->column;
  }
  return document;
}

}  // namespace trellis::output
