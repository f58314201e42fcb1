// The embeddings behind `trellis search --vector` / search_semantic: the
// vectors file beside the snapshot, the checked JSON lines import, the ANN
// index against exact search, and the semantic query's ranking, on
// tests/fixtures/similar.
#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"
#include "support/temp_dir.hpp"
#include "trellis/embeddings/ann_index.hpp"
#include "trellis/embeddings/semantic_index.hpp"
#include "trellis/embeddings/vector_import.hpp"
#include "trellis/embeddings/vector_store.hpp"
#include "trellis/queries/semantic_queries.hpp"

using namespace trellis;
using namespace trellis::embeddings;

namespace {

const test::IndexedFixture& embeddings_fixture() {
  static const test::IndexedFixture fixture("similar");
  return fixture;
}

std::string embeddings_node_id(std::string_view qualified_name) {
  return embeddings_fixture().store().node_id(embeddings_fixture().node(qualified_name));
}

}  // namespace

TEST_CASE("vectors survive a save and a load; a damaged file is refused, a missing one is empty") {
  const TempDir dir;
  const auto path = dir.path() / "graph.trellis.vectors";
  VectorStore store;
  REQUIRE(store.put(7, 70, std::vector<float>{1, 2, 3}).ok());
  REQUIRE(store.put(8, 80, std::vector<float>{4, 5, 6}).ok());
  REQUIRE(store.put(7, 71, std::vector<float>{0, 0, 1}).ok());
  const auto wrong = store.put(9, 0, std::vector<float>{1, 2});
  REQUIRE_FALSE(wrong.ok());
  CHECK(wrong.error().message == "a vector of 2 numbers, but the stored vectors have 3");
  REQUIRE(store.save(path).ok());

  auto loaded = VectorStore::load(path);
  REQUIRE(loaded.ok());
  CHECK(loaded->dimension() == 3);
  CHECK(loaded->size() == 2);
  CHECK(loaded->text_hash(*loaded->find(7)) == 71);
  CHECK(std::vector<float>(loaded->vector(*loaded->find(8)).begin(), loaded->vector(*loaded->find(8)).end()) ==
        std::vector<float>{4, 5, 6});
  CHECK(loaded->retain([](std::uint64_t key) { return key != 7; }) == 1);
  CHECK(loaded->size() == 1);
  CHECK_FALSE(loaded->find(7).has_value());

  {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(-1, std::ios::end);
    file.put('\x7f');
  }
  const auto damaged = VectorStore::load(path);
  REQUIRE_FALSE(damaged.ok());
  CHECK(damaged.error().code == ErrorCode::DatabaseError);
  CHECK(damaged.error().message == "vectors file " + path.string() + " does not match its checksum");
  const auto missing = VectorStore::load(dir.path() / "none.vectors");
  REQUIRE(missing.ok());
  CHECK(missing->empty());
}

TEST_CASE("an import names each bad line: unknown node, wrong dimension, a non-number, not JSON") {
  const std::string text = "{\"node_id\": \"" + embeddings_node_id("text.names.shout") + "\", \"vector\": [1, 0]}\n" +
                           "{\"qualified_name\": \"text.names.lower_case\", \"vector\": [0, 1]}\n"
                           "\n"
                           "{\"node_id\": \"00000000000000ff\", \"vector\": [1, 1]}\n"
                           "{\"qualified_name\": \"text.names.tidy_title\", \"vector\": [1, 1, 1]}\n"
                           "{\"qualified_name\": \"text.names.tidy_title\", \"vector\": [1, \"x\"]}\n"
                           "vector: 1 2\n"
                           "{\"vector\": [1, 2]}\n";
  const ParsedVectors parsed = parse_vector_lines(embeddings_fixture().store(), text);
  CHECK(parsed.dimension == 2);
  REQUIRE(parsed.vectors.size() == 2);
  CHECK(embeddings_fixture().store().qualified_name(parsed.vectors[1].node) == "text.names.lower_case");
  std::vector<std::string> errors;
  for (const LineError& e : parsed.errors) errors.push_back(std::to_string(e.line) + ": " + e.message);
  CHECK(errors == std::vector<std::string>{
                      "4: unknown node_id 00000000000000ff",
                      "5: \"vector\" has 3 numbers, expected 2 (the dimension of line 1)",
                      "6: \"vector\"[1] is \"x\", not a number",
                      "7: not a JSON object",
                      "8: no \"node_id\" or \"qualified_name\" string",
                  });
  CHECK(parse_query_vector("[0.5, -1, 2e1]").value() == std::vector<float>{0.5f, -1.0f, 20.0f});
  CHECK(parse_query_vector("0.5 -1,2e1\n").value() == std::vector<float>{0.5f, -1.0f, 20.0f});
  CHECK(parse_query_vector("1 two 3").error().message == "the query vector holds \"two\", not a number");
}

namespace {

VectorStore random_vectors(std::size_t rows, std::size_t dimension, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  VectorStore store;
  for (std::uint64_t key = 1; key <= rows; ++key) {
    std::vector<float> vector(dimension);
    for (float& x : vector) x = normal(random);
    REQUIRE(store.put(key, 0, vector).ok());
  }
  return store;
}

}  // namespace

TEST_CASE("the ANN index finds what exact search finds on small random sets, graphed or scanned") {
  const VectorStore store = random_vectors(600, 16, 7);
  for (const std::size_t scan_limit : {std::size_t{0}, AnnOptions{}.scan_limit}) {
    AnnOptions options;
    options.scan_limit = scan_limit;
    auto index = AnnIndex::build(store, options);
    REQUIRE(index.ok());
    CHECK(index->scans() == (scan_limit != 0));
    std::size_t found = 0;
    for (std::size_t row = 0; row < store.size(); row += 10) {
      const auto hits = index->search(store.vector(row), 5);
      REQUIRE(hits.size() == 5);
      CHECK(hits[0].row == row);  // a stored vector is its own nearest
      CHECK(hits[0].score == doctest::Approx(1.0).epsilon(1e-5));
      const auto exact = exact_search(store, store.vector(row), 5);
      for (const VectorHit& hit : hits) {
        for (const VectorHit& e : exact) found += e.row == hit.row ? 1 : 0;
      }
    }
    CHECK(static_cast<double>(found) / (60.0 * 5.0) >= 0.95);
  }
}

// Independent normal vectors in many dimensions, where every neighbour is
// about as far as any other: the scan still ranks as exact search does,
// with exact scores, for queries that are not stored vectors.
TEST_CASE("the scanned ANN index ranks unstructured vectors as exact search does") {
  const VectorStore store = random_vectors(20000, 96, 11);
  auto index = AnnIndex::build(store);
  REQUIRE(index.ok());
  REQUIRE(index->scans());
  CHECK(index->size() == 20000);
  const VectorStore queries = random_vectors(40, 96, 12);
  std::size_t found = 0;
  for (std::size_t q = 0; q < queries.size(); ++q) {
    const auto hits = index->search(queries.vector(q), 10);
    const auto exact = exact_search(store, queries.vector(q), 10);
    REQUIRE(hits.size() == 10);
    for (std::size_t i = 0; i < hits.size(); ++i) {
      for (const VectorHit& e : exact) {
        if (e.row == hits[i].row) {
          ++found;
          CHECK(hits[i].score == doctest::Approx(static_cast<double>(e.score)).epsilon(1e-4));
        }
      }
      if (i > 0) CHECK(hits[i - 1].score >= hits[i].score);
    }
  }
  CHECK(static_cast<double>(found) / (40.0 * 10.0) >= 0.99);
  // k beyond the rows, and nothing asked.
  const VectorStore few = random_vectors(3, 8, 13);
  auto small = AnnIndex::build(few);
  REQUIRE(small.ok());
  CHECK(small->search(few.vector(0), 10).size() == 3);
  CHECK(small->search(few.vector(0), 0).empty());
}

TEST_CASE("search_semantic ranks by cosine similarity, filters by label and checks the dimension") {
  const GraphStore& store = embeddings_fixture().store();
  VectorStore vectors;
  const auto put = [&](std::string_view name, std::vector<float> vector) {
    REQUIRE(vectors.put(store.node_id_key(embeddings_fixture().node(name)), 0, vector).ok());
  };
  put("text.names.strip_spaces", {1, 0, 0});
  put("text.names.tidy_title", {0.8f, 0.6f, 0});
  put("text.names.shout", {0, 0, 1});
  put("text.names.NameBook", {0.9f, 0.1f, 0});
  auto index = SemanticIndex::over(std::move(vectors), store);
  REQUIRE(index.ok());
  queries::SemanticRequest request;
  request.vector = {2, 0, 0};
  auto r = queries::query_semantic(store, request, &*index);
  REQUIRE(r.ok());
  std::vector<std::string> names;
  for (const queries::SemanticHit& hit : r->hits) names.push_back(store.qualified_name(hit.node));
  CHECK(names == std::vector<std::string>{"text.names.strip_spaces", "text.names.NameBook", "text.names.tidy_title",
                                          "text.names.shout"});
  CHECK(r->hits[0].score == doctest::Approx(1.0));
  CHECK(r->hits[2].score == doctest::Approx(0.8));
  CHECK(r->dimension == 3);
  request.label = "Class";
  r = queries::query_semantic(store, request, &*index);
  REQUIRE(r.ok());
  REQUIRE(r->hits.size() == 1);
  CHECK(store.qualified_name(r->hits[0].node) == "text.names.NameBook");
  request.vector = {1, 0};
  const auto wrong = queries::query_semantic(store, request, &*index);
  REQUIRE_FALSE(wrong.ok());
  CHECK(wrong.error().message == "the query vector has 2 numbers, but the graph's embeddings have 3");
  const auto none = queries::query_semantic(store, request, nullptr);
  REQUIRE_FALSE(none.ok());
  CHECK(none.error().code == ErrorCode::InvalidArgument);
}
