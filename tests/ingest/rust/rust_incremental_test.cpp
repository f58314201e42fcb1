// Incremental indexing of Rust (tests/fixtures/rust/shop): an edit to calls
// inside a body re-links only the edited file; an edit to what other files
// read (items, impl blocks, use declarations) re-links every Rust file;
// every time the snapshot equals a full index's.
#include <doctest/doctest.h>

#include <filesystem>

#include "support/incremental_index.hpp"
#include "support/temp_dir.hpp"

using namespace trellis;

TEST_CASE("rust: an edit to calls in a body re-links one file; items, impls and uses re-link all") {
  const test::FixtureCopy tree("tests/fixtures/rust/shop");
  const std::filesystem::path& root = tree.root;
  const std::filesystem::path& database = tree.database;
  const std::filesystem::path& scratch = tree.scratch;
  const std::size_t files = test::files_relinked_matching_a_full_index(root, database, scratch);
  REQUIRE(files == 7);

  SUBCASE("new calls and lines in a body") {
    test::replace_in_file(root / "app/src/main.rs", "    price(100);\n", "    price(100);\n\n    store.process_all();\n");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == 1);
    test::replace_in_file(root / "core/src/orders/store.rs", "        Order::new(id)\n", "\n        Order::new(id)\n");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == 1);
  }
  SUBCASE("a new method in an impl block") {
    test::replace_in_file(root / "core/src/shapes.rs", "    pub fn new(r: f64) -> Circle {",
                          "    pub fn radius(&self) -> f64 {\n        self.r\n    }\n\n    pub fn new(r: f64) -> Circle {");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
  SUBCASE("an impl of a trait removed") {
    test::replace_in_file(root / "core/src/shapes.rs", "impl Shape for Circle {", "impl Circle {");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
  SUBCASE("a changed use") {
    test::replace_in_file(root / "app/src/main.rs", "use shop_core::shapes::*;\n", "");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
  SUBCASE("a macro made a function") {
    test::replace_in_file(root / "core/src/lib.rs", "macro_rules! log_line {\n    ($msg:expr) => {\n        println!(\"{}\", $msg)\n    };\n}\n", "");
    CHECK(test::files_relinked_matching_a_full_index(root, database, scratch) == files);
  }
}
