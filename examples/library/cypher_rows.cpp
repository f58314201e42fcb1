// cypher_rows DB QUERY [NAME=STRING]...: one read-only Cypher statement
// through the Trellis library, its rows printed tab-separated under the
// column names; on a refused query, the error code, position and message.
#include <trellis/cypher/cypher_engine.hpp>
#include <trellis/database.hpp>

#include <cstdio>
#include <string>

namespace {

std::string text_of(const trellis::cypher::Value& value) {
  using trellis::cypher::ValueKind;
  switch (value.kind()) {
    case ValueKind::Null: return "null";
    case ValueKind::Bool: return value.as_bool() ? "true" : "false";
    case ValueKind::Int: return std::to_string(value.as_int());
    case ValueKind::String: return value.as_string();
    default: return std::string("<") + std::string(trellis::cypher::to_string(value.kind())) + ">";
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: cypher_rows DB QUERY [NAME=STRING]...\n");
    return 2;
  }
  auto db = trellis::Database::open(argv[1]);
  if (!db.ok()) {
    std::fprintf(stderr, "%s\n", db.error().message.c_str());
    return 1;
  }
  trellis::cypher::Parameters parameters;
  for (int i = 3; i < argc; ++i) {
    const std::string assignment = argv[i];
    const auto eq = assignment.find('=');
    if (eq == std::string::npos) {
      std::fprintf(stderr, "parameters are NAME=STRING, not %s\n", argv[i]);
      return 2;
    }
    parameters.emplace_back(assignment.substr(0, eq), trellis::cypher::Value(assignment.substr(eq + 1)));
  }
  auto result = trellis::cypher::run_cypher(db->store(), argv[2], parameters, trellis::cypher::CypherOptions{});
  if (!result.ok()) {
    const trellis::Error& error = result.error();
    std::fprintf(stderr, "%s: %s\n", std::string(trellis::to_string(error.code)).c_str(), error.message.c_str());
    return 1;
  }
  for (std::size_t c = 0; c < result->columns.size(); ++c) {
    std::printf("%s%s", c ? "\t" : "", result->columns[c].c_str());
  }
  std::printf("\n");
  for (const auto& row : result->rows) {
    for (std::size_t c = 0; c < row.size(); ++c) std::printf("%s%s", c ? "\t" : "", text_of(row[c]).c_str());
    std::printf("\n");
  }
  std::printf("%zu of %zu rows\n", result->rows.size(), result->total_count);
  return 0;
}
