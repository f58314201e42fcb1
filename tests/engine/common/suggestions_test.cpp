// The one "did you mean" helper every face uses (Cypher names and keywords,
// CLI commands and query names).
#include "trellis/common/suggestions.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using trellis::suggest;
using Names = std::vector<std::string>;

TEST_CASE("suggest puts prefix matches first, then the closest by edit distance") {
  const Names queries = {"callers",         "callees",    "hierarchy", "dependencies", "exports",
                         "implementations", "call-graph", "path",      "outline",      "children",
                         "complexity",      "importers",  "chain",     "impact",       "details",
                         "source",          "why",        "context",   "cycles"};
  CHECK(suggest("caller", queries) == Names{"callers", "callees", "cycles"});
  CHECK(suggest("caller", queries, 2) == Names{"callers", "callees"});
  CHECK(suggest("caller", queries, 1) == Names{"callers"});
  CHECK(suggest("call", queries) == Names{"callees", "callers", "call-graph"});
  CHECK(suggest("hierarchie", queries) == Names{"hierarchy"});
  CHECK(suggest("xyzzy", queries).empty());
}

TEST_CASE("suggest folds case and counts a swap of two letters as two edits") {
  const Names commands = {"index", "import", "export", "stats", "cypher", "serve", "query"};
  CHECK(suggest("idnex", commands) == Names{"index"});
  CHECK(suggest("INDEX", commands) == Names{"index"});
  CHECK(suggest("stast", commands) == Names{"stats"});
  CHECK(suggest("qeury", commands) == Names{"query"});
  CHECK(suggest("", commands).empty());
}

TEST_CASE("suggest gives at most five, each once") {
  const Names many = {"ab", "abc", "abd", "abe", "abf", "abg", "abh", "abc"};
  CHECK(suggest("ab", many) == Names{"ab", "abc", "abd", "abe", "abf"});
}
