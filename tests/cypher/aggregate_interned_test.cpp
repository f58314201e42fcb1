// Randomised differential test of hash aggregation keyed by interned string
// ids (executor/interned_key.hpp): on generated graphs whose names and
// file paths repeat (some unset, some labels without the column), grouping
// by `v.p` (read as ids) and by `v.p + ''` (the same text, computed, so
// grouped by text as before) must give the same groups with the same counts,
// over scans, expansions, OPTIONAL MATCH nulls and two keys.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/cypher/value/value_text.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::testing {
namespace {

std::uint32_t pick(std::mt19937& rng, std::uint32_t below) { return static_cast<std::uint32_t>(rng() % below); }

// Functions, Methods and Classes with names and file paths drawn from small
// pools (many repeats; about one path in five unset), Modules (which have a
// file_path) and Packages (which have none), CALLS and DEFINES edges.
GraphStore repeated_names_graph(std::mt19937& rng, std::uint32_t nodes) {
  GraphBuilder b;
  const Label labels[] = {Label::Function, Label::Method, Label::Class, Label::Module, Label::Package};
  std::vector<BuildId> ids;
  for (std::uint32_t i = 0; i < nodes; ++i) {
    const Label label = labels[pick(rng, 5)];
    const std::string name = fmt::format("name{}", pick(rng, 7));
    auto id = b.add_node(label, fmt::format("m{}.{}", i, name), name);
    REQUIRE(id.ok());
    ids.push_back(*id);
    if (const auto column = property_index(label, "file_path"); column && pick(rng, 5) != 0) {
      b.set_string(*id, *column, fmt::format("src/file{}.py", pick(rng, 6)));
    }
  }
  for (std::uint32_t e = 0; e < 2 * nodes; ++e) {
    b.add_edge(pick(rng, 3) == 0 ? RelType::Defines : RelType::Calls, ids[pick(rng, nodes)], ids[pick(rng, nodes)]);
  }
  auto built = std::move(b).build();
  REQUIRE(built.ok());
  return std::move(built->store);
}

std::vector<std::string> sorted_rows(const GraphStore& store, const std::string& query) {
  cypher::CypherOptions options;
  options.row_limit = 100'000;
  auto result = cypher::run_cypher(store, query, {}, options);
  REQUIRE_MESSAGE(result.ok(), query);
  std::vector<std::string> rows;
  for (const auto& row : result->rows) {
    std::string text;
    for (const cypher::Value& value : row) text += (text.empty() ? "" : " | ") + cypher::display_text(store, value);
    rows.push_back(text);
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

TEST_CASE("cypher aggregation: grouping by a string property's interned id gives the groups of grouping by its text") {
  std::mt19937 rng(2127);
  // {key} stands for a grouping key; each query runs with `v.p` and `v.p + ''`.
  const std::vector<std::string> templates = {
      "MATCH (n) RETURN {n.file_path} AS k, count(*) AS c",
      "MATCH (n:Function|Method) RETURN {n.name} AS k, count(*) AS c, min(n.qualified_name) AS first",
      "MATCH (a)-[:CALLS]->(b) RETURN {b.file_path} AS k, count(DISTINCT a) AS c",
      "MATCH (a)-[:CALLS]->(b) RETURN {a.name} AS k, {b.file_path} AS j, count(*) AS c",
      "MATCH (m:Module) OPTIONAL MATCH (m)-[:DEFINES]->(x:Class) RETURN {x.name} AS k, count(*) AS c",
      "MATCH (n:Class) WITH {n.file_path} AS k, count(*) AS c WHERE c > 1 RETURN k, c",
  };
  for (int graph = 0; graph < 12; ++graph) {
    const GraphStore store = repeated_names_graph(rng, 20 + pick(rng, 300));
    for (const std::string& shape : templates) {
      std::string by_id = shape;
      std::string by_text = shape;
      for (std::size_t at; (at = by_id.find('{')) != std::string::npos;) {
        const std::size_t end = by_id.find('}', at);
        const std::string key = by_id.substr(at + 1, end - at - 1);
        by_id.replace(at, end - at + 1, key);
        const std::size_t text_at = by_text.find('{');
        by_text.replace(text_at, by_text.find('}', text_at) - text_at + 1, key + " + ''");
      }
      CAPTURE(by_id);
      const std::vector<std::string> interned = sorted_rows(store, by_id);
      CHECK(!interned.empty());
      CHECK(interned == sorted_rows(store, by_text));
    }
  }
}

}  // namespace
}  // namespace trellis::testing
