// trellis query similar / find_similar on tests/fixtures/similar: exact
// rankings by the Jaccard indexes of calls and of name and doc words, the
// exact duplicate first, and the kinds kept apart.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "support/indexed_fixture.hpp"
#include "trellis/queries/similar_queries.hpp"

using namespace trellis;
using namespace trellis::queries;

namespace {

const test::IndexedFixture& similar_fixture() {
  static const test::IndexedFixture fixture("similar");
  return fixture;
}

SimilarResult similar_to(std::string name, std::size_t limit = 10, std::size_t offset = 0) {
  TraversalScratch scratch;
  auto r = query_similar(similar_fixture().store(), SimilarRequest{std::move(name), limit, offset}, scratch);
  REQUIRE(r.ok());
  return std::move(r).value();
}

// "qualified name score" per match, the score to three decimals, "!" after an exact duplicate.
std::vector<std::string> similar_rows(const SimilarResult& r) {
  std::vector<std::string> rows;
  for (const SimilarMatch& m : r.similar) {
    rows.push_back(similar_fixture().store().qualified_name(m.node) + " " +
                   std::to_string(static_cast<int>(m.score * 1000 + 0.5)) + (m.exact_duplicate ? "!" : ""));
  }
  return rows;
}

}  // namespace

TEST_CASE("similar ranks the exact duplicate first, then by the mean of the calls and words Jaccard indexes") {
  const SimilarResult r = similar_to("normalize_name");
  CHECK(similar_fixture().store().qualified_name(r.target) == "text.names.normalize_name");
  CHECK(r.calls == 2);
  CHECK(r.words == 10);
  CHECK(r.exact_duplicates == 1);
  // tidy_title: calls 1/2, words {strip, its, spaces} of 13: (0.5 + 3/13) / 2.
  // NameBook.add: no call shared, words {user, name, it} of 15: 0.2 / 2.
  CHECK(similar_rows(r) == std::vector<std::string>{"text.names.canonical_name 1000!", "text.names.tidy_title 365",
                                                    "text.names.NameBook.add 100", "text.names.strip_spaces 67",
                                                    "text.names.lower_case 36"});
  CHECK(r.count.total_count == 5);
  const SimilarMatch& tidy = r.similar[1];
  CHECK(tidy.shared_words == std::vector<std::string>{"its", "spaces", "strip"});
  REQUIRE(tidy.shared_calls.size() == 1);
  CHECK(similar_fixture().store().qualified_name(tidy.shared_calls[0]) == "text.names.strip_spaces");
}

TEST_CASE("similar finds the original from its copy, and pages with limit and offset") {
  // The copy's comment adds 9 words (the, same, steps, as, normalize, ...): 18 in all.
  // tidy_title: (1/2 + 3/21) / 2; strip_spaces shares "the" too: (0 + 3/22) / 2; NameBook.add: (0 + 3/23) / 2.
  const SimilarResult first = similar_to("canonical_name", 2);
  CHECK(first.words == 18);
  CHECK(similar_rows(first) ==
        std::vector<std::string>{"text.names.normalize_name 1000!", "text.names.tidy_title 321"});
  CHECK(first.count.total_count == 5);
  CHECK(first.count.truncated);
  const SimilarResult next = similar_to("canonical_name", 2, 2);
  CHECK(similar_rows(next) == std::vector<std::string>{"text.names.strip_spaces 68", "text.names.NameBook.add 65"});
}

TEST_CASE("similar compares classes with classes only, and a name that is no definition is NODE_NOT_FOUND") {
  const SimilarResult book = similar_to("NameBook");
  CHECK(book.similar.empty());
  CHECK(book.count.total_count == 0);
  TraversalScratch scratch;
  const auto missing = query_similar(similar_fixture().store(), SimilarRequest{"no_such_helper", 10, 0}, scratch);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().code == ErrorCode::NodeNotFound);
}
