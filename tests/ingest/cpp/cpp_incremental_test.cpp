// Incremental indexing of C++ (tests/fixtures/cpp/shop): an edit to calls
// inside a body re-links only the edited file; an edit to what other files
// read (a class in a header, a source's free functions) re-links the edited
// file and those of the files including it, directly or through other
// headers (for a source: those that include its header), that read a name
// whose declaration changed; every time the snapshot equals a full index's.
//
// Includes of the fixture: src/main.cpp and src/shape.cpp include
// shop/shape.h and shop/util.h; shop/shape.h includes shop/model.h;
// src/model.cpp includes shop/model.h and shop/util.h; src/util.cpp
// includes shop/util.h.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

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
  SUBCASE("a header included through another header: the files reading the changed name, not util.h or util.cpp") {
    test::replace_in_file(root / "include/shop/model.h", "  int total() const { return cents; }\n",
                          "  int total() const { return cents; }\n  int total(int extra) const { return cents + extra; }\n");
    const ingest::IndexReport report = test::index_matching_a_full_index(root, database, scratch);
    CHECK(report.files_resolved == 3);  // model.h, model.cpp, main.cpp (both call total)
    CHECK(report.dependents_resolved == 2);
    CHECK(report.dependents_skipped == 2);  // shape.h and shape.cpp include it but call no total
  }
  SUBCASE("a free function added to a source: no file including its header calls it") {
    test::replace_in_file(root / "src/util.cpp", "int version() { return 2; }\n",
                          "int version() { return 2; }\n\nint discount(int cents) { return cents / 2; }\n");
    const ingest::IndexReport report = test::index_matching_a_full_index(root, database, scratch);
    CHECK(report.files_resolved == 1);
    CHECK(report.dependents_resolved == 0);
    CHECK(report.dependents_skipped == 4);  // util.h, model.cpp, main.cpp, shape.cpp
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

// A header edit re-links the header and those of its includers that read a
// name whose declaration changed (or a name declared with one: a function
// returning a changed type); the other includers keep their edges, renumbered
// where the header's definitions moved. Each re-index must equal a full index
// of the edited tree byte for byte, and say how many includers it left alone.
TEST_CASE("cpp: a header edit re-links only the includers that read a changed name") {
  const test::FixtureCopy tree("tests/fixtures/cpp/shop");
  const std::filesystem::path& root = tree.root;
  REQUIRE(test::files_relinked_matching_a_full_index(root, tree.database, tree.scratch) == 7);
  const auto reindex = [&] { return test::index_matching_a_full_index(root, tree.database, tree.scratch); };
  const std::filesystem::path util = root / "include/shop/util.h";
  const std::filesystem::path model = root / "include/shop/model.h";

  SUBCASE("a declaration no file reads: the header alone") {
    test::replace_in_file(util, "#define SHOP_LOG", "#define SHOP_UNUSED 1\n#define SHOP_LOG");
    const ingest::IndexReport report = reindex();
    CHECK(report.files_resolved == 1);
    CHECK(report.dependents_resolved == 0);
    CHECK(report.dependents_skipped == 4);  // main.cpp, model.cpp, shape.cpp, util.cpp
  }
  SUBCASE("an overload of a method two sources read: those two") {
    test::replace_in_file(model, "  bool validate() const;\n", "  bool validate() const;\n  bool validate(int limit) const;\n");
    const ingest::IndexReport report = reindex();
    CHECK(report.files_resolved == 3);  // model.h, main.cpp (calls it), model.cpp (defines it)
    CHECK(report.dependents_resolved == 2);
    CHECK(report.dependents_skipped == 2);  // shape.h, shape.cpp
  }
  SUBCASE("a declaration removed, then one renamed") {
    test::replace_in_file(model, "  bool operator==(const Order& other) const;\n", "");
    ingest::IndexReport report = reindex();
    CHECK(report.files_resolved == 2);  // model.h, model.cpp (defines it and compares two Orders)
    CHECK(report.dependents_skipped == 3);  // shape.h, main.cpp, shape.cpp
    test::replace_in_file(model, "  int total() const { return cents; }\n", "  int sum() const { return cents; }\n");
    report = reindex();
    CHECK(report.files_resolved == 3);  // model.h, main.cpp, model.cpp (both call total)
    CHECK(report.dependents_skipped == 2);
  }
  SUBCASE("a member added before others: includers that do not read it keep their edges, renumbered") {
    test::replace_in_file(model, "  bool validate() const;\n", "  int discount() const;\n  bool validate() const;\n");
    const ingest::IndexReport report = reindex();
    CHECK(report.files_resolved == 1);
    CHECK(report.dependents_resolved == 0);
    CHECK(report.dependents_skipped == 4);  // shape.h, main.cpp, model.cpp, shape.cpp
  }
  SUBCASE("a base class changed: the files naming the class or what is declared with it") {
    test::replace_in_file(model, "struct Order {\n", "struct Order : public Printable {\n");
    const ingest::IndexReport report = reindex();
    // model.h, main.cpp and model.cpp name Order; shape.cpp adds ints, and
    // the free operator+ in scope takes an Order.
    CHECK(report.files_resolved == 4);
    CHECK(report.dependents_skipped == 1);  // shape.h
  }
  SUBCASE("a macro shadowing a function name: the files calling it") {
    test::replace_in_file(util, "int format_price(int cents);\n", "int format_price(int cents);\n#define format_price(c) (c)\n");
    const ingest::IndexReport report = reindex();
    CHECK(report.files_resolved == 3);  // util.h, main.cpp, util.cpp
    CHECK(report.dependents_skipped == 2);
  }
  SUBCASE("an alias changed: the files reading it or a method declared to return it") {
    // main.cpp's tally() names neither Ledger nor Order: book.open().total()
    // reaches Order.total through open's declared return type alone.
    std::ofstream(model, std::ios::app) << "using Ledger = shop::Order;\nnamespace shop {\nstruct Book {\n"
                                           "  Ledger open() const;\n};\n}  // namespace shop\n";
    test::replace_in_file(root / "src/main.cpp", "int main() {\n",
                          "int tally() {\n  shop::Book book;\n  return book.open().total();\n}\n\nint main() {\n");
    CHECK(reindex().files_resolved >= 2);
    test::replace_in_file(model, "using Ledger = shop::Order;\n", "using Ledger = shop::Box<shop::Order>;\n");
    ingest::IndexReport report = reindex();  // total() is no longer Order's
    CHECK(report.files_resolved == 2);  // model.h, main.cpp (through Book::open's return type)
    CHECK(report.dependents_skipped == 3);  // shape.h, model.cpp, shape.cpp
    test::replace_in_file(model, "using Ledger = shop::Box<shop::Order>;\n", "typedef shop::Order Ledger;\n");
    report = reindex();
    CHECK(report.files_resolved == 2);
  }
  SUBCASE("an include added: every includer, whatever it reads") {
    test::replace_in_file(util, "#include <string>\n", "#include <string>\n#include \"shop/model.h\"\n");
    const ingest::IndexReport report = reindex();
    CHECK(report.files_resolved == 5);  // util.h, main.cpp, model.cpp, shape.cpp, util.cpp
    CHECK(report.dependents_skipped == 0);
  }
}
