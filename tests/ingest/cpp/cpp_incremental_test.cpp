// Incremental indexing of C++ (tests/fixtures/cpp/shop): an edit to calls
// inside a body re-links only the edited file; an edit to what other files
// read (a class in a header, an include, a using declaration) re-links every
// C++ file; every time the snapshot equals a full index's.
#include <doctest/doctest.h>

#include <filesystem>

#include "support/incremental_index.hpp"
#include "support/temp_dir.hpp"

using namespace trellis;

TEST_CASE("cpp: an edit to calls in a body re-links one file; a header's class or a using re-links all") {
  const test::FixtureCopy tree("tests/fixtures/cpp/shop");
  const std::filesystem::path& root = tree.root;
  const std::filesystem::path& database = tree.database;
  const std::filesystem::path& scratch = tree.scratch;
  const std::size_t files = test::files_relinked_matching_a_full_index(root, database, scratch);
  REQUIRE(files == 7);

  SUBCASE("new calls and lines in a body") {
    test::replace_in_file(root / "src/main.cpp", "  own.area();\n", "  own.area();\n\n  square.print();\n");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == 1);
    test::replace_in_file(root / "src/shape.cpp", "double Circle::area() const {", "\ndouble Circle::area() const {");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == 1);
  }
  SUBCASE("a new overload in a header's class") {
    test::replace_in_file(root / "include/shop/shape.h", "  void scale(double factor);\n",
                          "  void scale(double factor);\n  void scale(float factor);\n");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
  SUBCASE("a using declaration removed") {
    test::replace_in_file(root / "src/main.cpp", "using shop::util::version;\n", "");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
}
