// Incremental indexing of C++ (tests/fixtures/cpp/shop): an edit to calls
// inside a body re-links only the edited file; an edit to what other files
// read (a class in a header, a source's free functions) re-links the edited
// file and the files that include it, directly or through other headers
// (for a source: those that include its header); every time the snapshot
// equals a full index's.
//
// Includes of the fixture: src/main.cpp and src/shape.cpp include
// shop/shape.h and shop/util.h; shop/shape.h includes shop/model.h;
// src/model.cpp includes shop/model.h and shop/util.h; src/util.cpp
// includes shop/util.h.
#include <doctest/doctest.h>

#include <filesystem>

#include "support/incremental_index.hpp"
#include "support/temp_dir.hpp"

using namespace trellis;

TEST_CASE("cpp: an edit to calls in a body re-links one file; a header's class re-links the files including it") {
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
  SUBCASE("a new overload in a header's class: the header and the two sources including it") {
    test::replace_in_file(root / "include/shop/shape.h", "  void scale(double factor);\n",
                          "  void scale(double factor);\n  void scale(float factor);\n");
    const ingest::IndexReport report = test::index_matching_a_full_index(root, database, scratch);
    CHECK(report.files_resolved == 3);       // shape.h, main.cpp, shape.cpp
    CHECK(report.dependents_resolved == 2);  // not model.h, model.cpp, util.h, util.cpp
  }
  SUBCASE("a header included through another header: every file reading it, not util.h or util.cpp") {
    test::replace_in_file(root / "include/shop/model.h", "  int total() const { return cents; }\n",
                          "  int total() const { return cents; }\n  int total(int extra) const { return cents + extra; }\n");
    const ingest::IndexReport report = test::index_matching_a_full_index(root, database, scratch);
    CHECK(report.files_resolved == 5);  // model.h, shape.h (includes it), model.cpp, main.cpp, shape.cpp
    CHECK(report.dependents_resolved == 4);
  }
  SUBCASE("a free function added to a source: the files including its header") {
    test::replace_in_file(root / "src/util.cpp", "int version() { return 2; }\n",
                          "int version() { return 2; }\n\nint discount(int cents) { return cents / 2; }\n");
    const ingest::IndexReport report = test::index_matching_a_full_index(root, database, scratch);
    CHECK(report.files_resolved == 5);  // util.cpp, util.h, model.cpp, main.cpp, shape.cpp; not model.h, shape.h
    CHECK(report.dependents_resolved == 4);
  }
  SUBCASE("a using declaration removed from a source no file includes: that source only") {
    test::replace_in_file(root / "src/main.cpp", "using shop::util::version;\n", "");
    const ingest::IndexReport report = test::index_matching_a_full_index(root, database, scratch);
    CHECK(report.files_resolved == 1);
    CHECK(report.dependents_resolved == 0);
  }
  SUBCASE("an include removed: the file and its includers") {
    test::replace_in_file(root / "include/shop/shape.h", "#include \"shop/model.h\"\n", "");
    const ingest::IndexReport report = test::index_matching_a_full_index(root, database, scratch);
    CHECK(report.files_resolved == 3);  // shape.h, main.cpp, shape.cpp
  }
}

TEST_CASE("cpp: a re-index reads an unchanged header's alias and its type arguments from the cache") {
  // tests/fixtures/cpp/gallery: `using WidgetBox = gallery::Box<gallery::Widget>`
  // in include/gallery/widget.h; src/templates.cpp calls `alias.get().draw()`,
  // Widget's draw only through the alias's arguments. Re-linking the edited
  // source alone, with the header's facts decoded from the cache, must give
  // a full index's snapshot.
  const test::FixtureCopy tree("tests/fixtures/cpp/gallery");
  REQUIRE(test::files_relinked_matching_a_full_index(tree.root, tree.database, tree.scratch) > 1);
  test::replace_in_file(tree.root / "src/templates.cpp", "  alias.get().draw();\n",
                        "  alias.get().draw();\n  alias.get().draw();\n");
  CHECK(test::files_relinked_matching_a_full_index(tree.root, tree.database, tree.scratch) == 1);
}
