// Incremental indexing of C (tests/fixtures/c/shop): an edit to calls inside
// a body re-links only the edited file; an edit to what other files read
// (definitions, includes, macros, functions stored in fields, even inside a
// body) re-links all; every time the snapshot equals a full index's.
#include <doctest/doctest.h>

#include <filesystem>

#include "support/incremental_index.hpp"
#include "support/temp_dir.hpp"

using namespace trellis;
using namespace trellis::ingest;


TEST_CASE("c: an edit to calls in a body re-links one file; definitions, includes and stored functions re-link all") {
  const test::FixtureCopy tree("tests/fixtures/c/shop");
  const std::filesystem::path& root = tree.root;
  const std::filesystem::path& database = tree.database;
  const std::filesystem::path& scratch = tree.scratch;
  const std::size_t files = test::files_relinked_matching_a_full_index(root, database, scratch);
  REQUIRE(files == 8);

  SUBCASE("new calls and lines in a body") {
    test::replace_in_file(root / "src/main.c", "  log_line(\"bye\");\n", "  log_line(\"bye\");\n\n  cart_total(&cart);\n  puts(\"x\");\n");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == 1);
    // Calls into the edited file from others still land on its functions.
    test::replace_in_file(root / "src/cart.c", "  printf(\"total %d\\n\", total);\n", "\n  printf(\"total %d\\n\", total);\n");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == 1);
  }
  SUBCASE("a new function") {
    test::replace_in_file(root / "src/cart.c", "void cart_add(", "int cart_count(void) { return 0; }\n\nvoid cart_add(");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
  SUBCASE("a function made static") {
    test::replace_in_file(root / "src/cart.c", "int cart_total(", "static int cart_total(");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
  SUBCASE("a header's new macro") {
    test::replace_in_file(root / "include/shop/cart.h", "#define CART_MAX", "#define cart_total(c) 0\n#define CART_MAX");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
  SUBCASE("a function stored in a field inside a body") {
    test::replace_in_file(root / "src/plugins/log.c", "out->write = &to_stderr;", "out->write = &to_stderr;\n  out->flush = log_flush;");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
  SUBCASE("a changed include") {
    test::replace_in_file(root / "src/main.c", "#include \"legacy/log.h\"\n", "");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
}
