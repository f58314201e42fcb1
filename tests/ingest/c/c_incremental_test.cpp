// Incremental indexing of C (tests/fixtures/c/shop): an edit to calls inside
// a body re-links only the edited file; an edit to what other files read
// (definitions, includes, macros, functions stored in fields, even inside a
// body) re-links all; every time the snapshot equals a full index's.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/temp_dir.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/ingest/index_database.hpp"

using namespace trellis;
using namespace trellis::ingest;

namespace {

void c_replace_in_file(const std::filesystem::path& file, const std::string& from, const std::string& to) {
  std::stringstream text;
  text << std::ifstream(file).rdbuf();
  std::string content = text.str();
  const auto at = content.find(from);
  REQUIRE(at != std::string::npos);
  content.replace(at, from.size(), to);
  std::ofstream(file, std::ios::trunc) << content;
}

// Indexes `root` into `database` over what is there, checks the snapshot is
// byte for byte a full index's, and returns how many files were re-linked.
std::size_t c_files_relinked_matching_a_full_index(const std::filesystem::path& root,
                                                   const std::filesystem::path& database,
                                                   const std::filesystem::path& scratch) {
  IndexOptions options;
  options.root = root;
  auto incremental = index_into_database(options, database);
  REQUIRE(incremental.ok());
  std::filesystem::remove(scratch);
  auto full = index_into_database(options, scratch);
  REQUIRE(full.ok());
  auto a = trellis::read_file(database);
  auto b = trellis::read_file(scratch);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(*a == *b);
  return incremental->indexed.report.files_resolved;
}

}  // namespace

TEST_CASE("c: an edit to calls in a body re-links one file; definitions, includes and stored functions re-link all") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "shop";
  std::filesystem::copy(std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures/c/shop", root,
                        std::filesystem::copy_options::recursive);
  const std::filesystem::path database = dir.path() / "graph.trellis";
  const std::filesystem::path scratch = dir.path() / "full.trellis";
  const std::size_t files = c_files_relinked_matching_a_full_index(root, database, scratch);
  REQUIRE(files == 8);

  SUBCASE("new calls and lines in a body") {
    c_replace_in_file(root / "src/main.c", "  log_line(\"bye\");\n", "  log_line(\"bye\");\n\n  cart_total(&cart);\n  puts(\"x\");\n");
    CHECK(c_files_relinked_matching_a_full_index(root, database, scratch) == 1);
    // Calls into the edited file from others still land on its functions.
    c_replace_in_file(root / "src/cart.c", "  printf(\"total %d\\n\", total);\n", "\n  printf(\"total %d\\n\", total);\n");
    CHECK(c_files_relinked_matching_a_full_index(root, database, scratch) == 1);
  }
  SUBCASE("a new function") {
    c_replace_in_file(root / "src/cart.c", "void cart_add(", "int cart_count(void) { return 0; }\n\nvoid cart_add(");
    CHECK(c_files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
  SUBCASE("a function made static") {
    c_replace_in_file(root / "src/cart.c", "int cart_total(", "static int cart_total(");
    CHECK(c_files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
  SUBCASE("a header's new macro") {
    c_replace_in_file(root / "include/shop/cart.h", "#define CART_MAX", "#define cart_total(c) 0\n#define CART_MAX");
    CHECK(c_files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
  SUBCASE("a function stored in a field inside a body") {
    c_replace_in_file(root / "src/plugins/log.c", "out->write = &to_stderr;", "out->write = &to_stderr;\n  out->flush = log_flush;");
    CHECK(c_files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
  SUBCASE("a changed include") {
    c_replace_in_file(root / "src/main.c", "#include \"legacy/log.h\"\n", "");
    CHECK(c_files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
}
