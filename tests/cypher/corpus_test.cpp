// The Cypher conformance corpus: every tests/cypher/corpus/*.cypher case is
// run on the Python fixture tests/fixtures/python/shop and its exact answer
// compared. A case is
//
//   === name
//   <query, any number of lines>
//   --- params   {"name": JSON, ...}           (optional)
//   --- limit    N                             (optional row limit, default 1000)
//   --- columns  ["a", "b"]
//   --- rows     (or `--- rows unordered`: compared as a multiset)
//   [value, value]                             one JSON array per row, values as
//   ...                                        the CLI's --json writes them (compact)
//   --- total    N                             (optional: total_count, for truncation)
//
// or, for a query that must fail, `--- error CODE`. Lines starting with '#'
// outside a query are comments. Set TRELLIS_CORPUS_PRINT=1 to print each
// case's actual answer in this format.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/queries/query_test_graphs.hpp"
#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/output/cypher_json.hpp"

namespace trellis::testing {
namespace {

struct CorpusCase {
  std::string file;
  std::string name;
  std::string query;
  std::string params;
  std::size_t limit = 1000;
  std::string columns;
  std::vector<std::string> rows;
  bool unordered = false;
  std::optional<std::size_t> total;
  std::string error;
};

std::string trimmed(std::string text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  std::size_t start = 0;
  while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start]))) ++start;
  return text.substr(start);
}

std::vector<CorpusCase> read_corpus(const std::filesystem::path& file) {
  std::vector<CorpusCase> cases;
  std::ifstream in(file);
  std::string line;
  std::string section;
  while (std::getline(in, line)) {
    if (line.starts_with("=== ")) {
      cases.push_back(CorpusCase{file.filename().string(), line.substr(4), {}, {}, 1000, {}, {}, false, {}, {}});
      section = "query";
      continue;
    }
    if (cases.empty()) continue;
    CorpusCase& c = cases.back();
    if (line.starts_with("--- ")) {
      std::istringstream words(line.substr(4));
      words >> section;
      std::string rest;
      std::getline(words, rest);
      rest = trimmed(rest);
      if (section == "params") c.params = rest;
      if (section == "limit") c.limit = std::stoul(rest);
      if (section == "columns") c.columns = rest;
      if (section == "rows") c.unordered = rest == "unordered";
      if (section == "total") c.total = std::stoul(rest);
      if (section == "error") c.error = rest;
      continue;
    }
    if (section == "query") {
      if (line.starts_with("#") && c.query.empty()) continue;
      c.query += line + "\n";
    } else if (section == "rows" && !trimmed(line).empty() && !line.starts_with("#")) {
      c.rows.push_back(trimmed(line));
    }
  }
  return cases;
}

cypher::Parameters parse_params(const std::string& text) {
  cypher::Parameters out;
  if (text.empty()) return out;
  auto value = cypher::value_from_json(text);
  REQUIRE_MESSAGE(value.ok(), "params: ", text);
  for (const auto& [key, item] : value->as_map()) out.emplace_back(key, item);
  return out;
}

std::string row_json(const GraphStore& store, const std::vector<cypher::Value>& row) {
  output::JsonTextWriter writer(output::JsonStyle::Compact);
  writer.begin_array();
  for (const auto& value : row) output::write_cypher_value(writer, store, value);
  writer.end_array();
  return writer.take();
}

std::string columns_json(const std::vector<std::string>& columns) {
  output::JsonTextWriter writer(output::JsonStyle::Compact);
  writer.begin_array();
  for (const auto& c : columns) writer.string(c);
  writer.end_array();
  return writer.take();
}

std::string compact(const std::string& json) {
  auto value = cypher::value_from_json(json);
  if (!value.ok()) return json;
  // Re-written through the same writer so spacing in the corpus does not matter.
  output::JsonTextWriter writer(output::JsonStyle::Compact);
  output::write_cypher_value(writer, GraphStore(), *value);
  return writer.take();
}

TEST_CASE("cypher corpus: every case gives its exact expected answer on the shop fixture") {
  const GraphStore& store = shop_store();
  const auto dir = std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/cypher/corpus";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".cypher") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  const bool print = std::getenv("TRELLIS_CORPUS_PRINT") != nullptr;
  std::size_t count = 0;
  for (const auto& file : files) {
    for (const CorpusCase& c : read_corpus(file)) {
      ++count;
      INFO(c.file, ": ", c.name, "\n", c.query);
      cypher::CypherOptions options;
      options.row_limit = c.limit;
      auto result = cypher::run_cypher(store, c.query, parse_params(c.params), options);
      if (print) {
        std::printf("=== %s\n%s", c.name.c_str(), c.query.c_str());
        if (!c.params.empty()) std::printf("--- params %s\n", c.params.c_str());
        if (c.limit != 1000) std::printf("--- limit %zu\n", c.limit);
        if (!result.ok()) {
          std::printf("--- error %s\n# %s\n\n", std::string(to_string(result.error().code)).c_str(),
                      result.error().message.c_str());
          continue;
        }
        std::printf("--- columns %s\n--- rows%s\n", columns_json(result->columns).c_str(), c.unordered ? " unordered" : "");
        for (const auto& row : result->rows) std::printf("%s\n", row_json(store, row).c_str());
        if (result->truncated) std::printf("--- total %zu\n", result->total_count);
        std::printf("\n");
        continue;
      }
      if (!c.error.empty()) {
        REQUIRE_FALSE(result.ok());
        CHECK(to_string(result.error().code) == c.error);
        continue;
      }
      if (!result.ok()) FAIL_CHECK(result.error().message);
      if (!result.ok()) continue;
      CHECK(columns_json(result->columns) == compact(c.columns));
      std::vector<std::string> actual;
      for (const auto& row : result->rows) actual.push_back(row_json(store, row));
      std::vector<std::string> expected;
      for (const auto& row : c.rows) expected.push_back(compact(row));
      if (c.unordered) {
        std::sort(actual.begin(), actual.end());
        std::sort(expected.begin(), expected.end());
      }
      const auto joined = [](const std::vector<std::string>& lines) {
        std::string out;
        for (const auto& l : lines) out += l + "\n";
        return out;
      };
      CHECK(joined(actual) == joined(expected));
      if (c.total) {
        CHECK(result->total_count == *c.total);
        CHECK(result->truncated);
      } else {
        CHECK_FALSE(result->truncated);
      }
    }
  }
  CHECK(count >= 150);
}

}  // namespace
}  // namespace trellis::testing
