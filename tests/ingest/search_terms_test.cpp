// The full-text words ingest collects per definition: identifier runs are
// split once per thread (RunWords) and must give exactly the words
// search::for_each_word gives, in its order, whatever the run's history.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ingest/search_terms/definition_terms.hpp"
#include "ingest/search_terms/run_words.hpp"
#include "ingest/search_terms/source_regions.hpp"
#include "trellis/search/word_split.hpp"

namespace trellis::ingest {
namespace {

bool run_words_test_stop(std::string_view word) { return word == "self" || word == "return"; }

std::vector<std::string> for_each_word_list(std::string_view run) {
  std::vector<std::string> words;
  search::for_each_word(run, [&](std::string_view word) { words.emplace_back(word); });
  return words;
}

std::vector<std::string> run_words_list(search_terms::RunWords& runs, std::string_view run) {
  std::vector<std::string> words;
  for (const auto& part : runs.parts(run)) words.emplace_back(runs.text(part));
  return words;
}

// The (word, field, count) terms of one scope, words spelled out.
std::vector<std::string> collected_scope_terms(const SearchTerms& terms, std::size_t scope) {
  std::vector<std::string> out;
  for (std::uint32_t t = terms.scope_offsets[scope]; t < terms.scope_offsets[scope + 1]; ++t) {
    const ScopeTerm& term = terms.terms[t];
    out.push_back(terms.words[term.word] + "/" + std::to_string(static_cast<int>(term.field)) + "x" +
                  std::to_string(term.count));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("a run's parts are for_each_word's words in order, stop words marked, however often it is looked up") {
  search_terms::RunWords runs(&run_words_test_stop);
  const std::vector<std::string> samples = {"parseHTTPResponse", "snake_case_name", "__init__", "self",
                                            "Self_Test",         "x",               "HTTP",     "naïveWord",
                                            "_private",          "ABCdef",          "return_value"};
  for (int round = 0; round < 3; ++round) {
    for (const std::string& run : samples) {
      const std::vector<std::string> expected = for_each_word_list(run);
      CHECK(run_words_list(runs, run) == expected);
      for (const auto& part : runs.parts(run)) CHECK(part.stop == run_words_test_stop(runs.text(part)));
    }
  }
  CHECK(run_words_list(runs, "x").empty());  // one byte: too short to be a word
  CHECK(run_words_list(runs, "self") == std::vector<std::string>{"self"});
}

TEST_CASE("the id a caller gives a word stays with it, in every run that has it, while the table grows") {
  search_terms::RunWords runs(&run_words_test_stop);
  auto first = runs.parts("getValue");
  REQUIRE(first.size() == 3);  // get, value, getvalue
  for (std::uint32_t p = 0; p < first.size(); ++p) runs.id(first[p]) = 100 + p;
  // Another run with two of those words: the same words, so the same ids.
  const auto shared = runs.parts("setValue_get");
  REQUIRE(run_words_list(runs, "setValue_get") == std::vector<std::string>{"set", "value", "get", "setvalue_get"});
  CHECK(runs.id(shared[0]) == 0);
  CHECK(runs.id(shared[1]) == 101);
  CHECK(runs.id(shared[2]) == 100);
  CHECK(runs.id(shared[3]) == 0);
  // Thousands of other runs: the slot table grows several times.
  std::vector<std::string> others;
  for (int i = 0; i < 5000; ++i) others.push_back("name" + std::string(1, static_cast<char>('a' + i % 26)) + "Z" +
                                                  std::to_string(i).replace(0, 0, "q"));
  for (const std::string& other : others) runs.parts(other);
  const auto again = runs.parts("getValue");
  REQUIRE(again.size() == 3);
  for (std::uint32_t p = 0; p < again.size(); ++p) CHECK(runs.id(again[p]) == 100 + p);
  for (const std::string& other : others) CHECK(run_words_list(runs, other) == for_each_word_list(other));
}

TEST_CASE("a run's parts outlive the text they were split from; the ids given reset at the next file") {
  search_terms::RunWords runs(&run_words_test_stop);
  {
    const std::string file = "getValue";
    auto first = runs.parts(file);
    REQUIRE(first.size() == 3);
    for (std::uint32_t p = 0; p < first.size(); ++p) runs.id(first[p]) = 7 + p;
  }
  CHECK(runs.id(runs.parts("getValue")[0]) == 7);  // same file: the id stays
  runs.next_file();
  const auto again = runs.parts(std::string("getValue"));
  REQUIRE(again.size() == 3);
  for (const auto& part : again) CHECK(runs.id(part) == 0);
  CHECK(run_words_list(runs, "getValue") == for_each_word_list("getValue"));
}

TEST_CASE("a code stop word is left out of code but kept in strings and comments, per definition") {
  // Line 1-2: function a (`self` in code), line 3-4: function b (`self` in a string and a comment).
  const std::string source =
      "def a(self):\n"
      "    return self.fooBar\n"
      "def b():\n"
      "    x = 'self fooBar'  # self again\n";
  FileFacts facts;
  facts.language = "python";
  Definition a;
  a.name = "a";
  a.span = {1, 2, 0, 37};
  Definition b;
  b.name = "b";
  b.span = {3, 4, 37, static_cast<std::uint32_t>(source.size())};
  facts.definitions = {a, b};
  const SearchTerms terms = collect_search_terms(source, facts);
  REQUIRE(terms.scope_offsets.size() == 4);
  const auto body = std::to_string(static_cast<int>(search::SearchField::Body));
  const auto doc = std::to_string(static_cast<int>(search::SearchField::Doc));
  // a: def, self and return are code stop words; foo, bar and foobar are words of its body.
  CHECK(collected_scope_terms(terms, 0) ==
        std::vector<std::string>{"bar/" + body + "x1", "foo/" + body + "x1", "foobar/" + body + "x1"});
  // b: the string's words (self kept), the comment's (doc), x is too short.
  CHECK(collected_scope_terms(terms, 1) == std::vector<std::string>{"again/" + doc + "x1", "bar/" + body + "x1",
                                                          "foo/" + body + "x1", "foobar/" + body + "x1",
                                                          "self/" + doc + "x1", "self/" + body + "x1"});
  // Words are numbered in the order they are first met.
  REQUIRE(!terms.words.empty());
  CHECK(terms.words.front() == "foo");
  CHECK(std::find(terms.words.begin(), terms.words.end(), "self") - terms.words.begin() == 3);
}

TEST_CASE("one pass gives the code's word runs and the comments and strings, each with its line") {
  // A '/' that starts nothing, a number, a block comment over two lines, a
  // string with an escaped quote, a `…` string over two lines, and an
  // unterminated string at the end.
  const std::string source =
      "a = b / 2 + c3\n"
      "/* one\n two */ d(\"x\\\"y\", `p\nq`)\n"
      "e // f\n"
      "g \"open";
  std::vector<std::string> seen;
  search_terms::for_each_code_run_and_region(
      source, search_terms::CommentSyntax::Slash,
      [&](std::string_view run, std::uint32_t line) { seen.push_back("code " + std::string(run) + "@" + std::to_string(line)); },
      [&](search_terms::RegionKind kind, std::string_view text, std::uint32_t line) {
        const char* name = kind == search_terms::RegionKind::Comment ? "comment " : "string ";
        seen.push_back(name + std::string(text) + "@" + std::to_string(line));
        return search_terms::detail::count_lines(text);
      });
  CHECK(seen == std::vector<std::string>{"code a@1", "code b@1", "code c3@1", "comment /* one\n two */@2", "code d@3",
                                         "string \"x\\\"y\"@3", "string `p\nq`@3", "code e@5", "comment // f@5",
                                         "code g@6", "string \"open@6"});
}

}  // namespace trellis::ingest
