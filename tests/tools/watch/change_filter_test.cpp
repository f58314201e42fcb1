// Which changes start an index: files a language reads and the settings
// files index reads count; other files, skipped folders, --exclude and the
// snapshot's own files do not.
#include <doctest/doctest.h>

#include "trellis/ingest/language.hpp"
#include "watch/change_filter.hpp"

using trellis::watch::ChangeFilter;

TEST_CASE("change filter: source files and settings files count, other files do not") {
  const auto languages = trellis::ingest::make_language_frontends();
  const ChangeFilter filter(languages, {}, "");
  CHECK(filter.matters("src/shop/models.py", false));
  CHECK(filter.matters("web/app.tsx", false));
  CHECK(filter.matters("cmd/main.go", false));
  CHECK(filter.matters("src/Shop.java", false));
  CHECK(filter.matters("src/util/strings.c", false));
  CHECK(filter.matters("include/shop/cart.h", false));
  CHECK(filter.matters(".gitignore", false));
  CHECK(filter.matters("sub/.gitignore", false));
  CHECK(filter.matters("go.mod", false));
  CHECK(filter.matters("tsconfig.json", false));
  CHECK(filter.matters("packages/a/package.json", false));
  CHECK_FALSE(filter.matters("README.md", false));
  CHECK_FALSE(filter.matters("src/shop/models.py.swp", false));
  CHECK_FALSE(filter.matters("src/shop/__init__.cpython-311.pyc", false));
  CHECK_FALSE(filter.matters("", true));
}

TEST_CASE("change filter: skipped folders and what is below them never count") {
  const auto languages = trellis::ingest::make_language_frontends();
  const ChangeFilter filter(languages, {}, "");
  CHECK(filter.enters_directory(""));
  CHECK(filter.enters_directory("src/shop"));
  CHECK(filter.matters("src/new_package", true));
  CHECK_FALSE(filter.enters_directory("node_modules"));
  CHECK_FALSE(filter.enters_directory("src/__pycache__"));
  CHECK_FALSE(filter.enters_directory(".git"));
  CHECK_FALSE(filter.matters("web/node_modules", true));
  CHECK_FALSE(filter.matters("web/node_modules/react/index.js", false));
  CHECK_FALSE(filter.matters(".git/index", false));
  CHECK_FALSE(filter.matters(".trellis/graph.trellis", false));
}

TEST_CASE("change filter: --exclude globs are honoured for folders and files") {
  const auto languages = trellis::ingest::make_language_frontends();
  const ChangeFilter filter(languages, {"tests/", "*.gen.py"}, "");
  CHECK_FALSE(filter.enters_directory("tests"));
  CHECK_FALSE(filter.matters("tests", true));
  CHECK_FALSE(filter.matters("src/schema.gen.py", false));
  CHECK(filter.matters("src/schema.py", false));
}

TEST_CASE("change filter: the snapshot inside the tree, its facts file and temporary files never count") {
  const auto languages = trellis::ingest::make_language_frontends();
  // A snapshot named like a source file, to show the name alone decides.
  const ChangeFilter filter(languages, {}, "graphs/graph.py");
  CHECK_FALSE(filter.matters("graphs/graph.py", false));
  CHECK_FALSE(filter.matters("graphs/graph.py.facts", false));
  CHECK_FALSE(filter.matters("graphs/graph.py.tmp.123.4", false));
  CHECK(filter.matters("graphs/other.py", false));
}
