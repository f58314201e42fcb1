// Files of languages no frontend reads are counted by extension, said in
// the index's report and kept in its snapshot; other files are not.
#include "trellis/ingest/unsupported_languages.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <vector>

#include "support/temp_dir.hpp"
#include "trellis/ingest/index_database.hpp"
#include "trellis/store/snapshot.hpp"

using namespace trellis;
using namespace trellis::ingest;

namespace {

void write(const std::filesystem::path& path, std::string_view text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

std::vector<std::byte> bytes_of(std::string_view text) {
  std::vector<std::byte> out;
  for (char c : text) out.push_back(static_cast<std::byte>(c));
  return out;
}

}  // namespace

TEST_CASE("source_language_of knows source extensions only") {
  CHECK(source_language_of("lib/shop/cart.rb") == "ruby");
  CHECK(source_language_of("app/Main.kt") == "kotlin");
  CHECK_FALSE(source_language_of("src/main.rs").has_value());  // Rust is read
  CHECK(source_language_of("a.php") == "php");
  CHECK_FALSE(source_language_of("include/x.hpp").has_value());  // C++ is read
  CHECK(source_language_of("Sources/App.swift") == "swift");
  CHECK(source_language_of("R/model.R") == "r");
  CHECK_FALSE(source_language_of("README.md").has_value());
  CHECK_FALSE(source_language_of("package.json").has_value());
  CHECK_FALSE(source_language_of("notes.txt").has_value());
  CHECK_FALSE(source_language_of("scripts/build.sh").has_value());
  CHECK_FALSE(source_language_of("Makefile").has_value());
  CHECK_FALSE(source_language_of("dir.rb/Gemfile").has_value());
  CHECK_FALSE(source_language_of(".rb").has_value());  // a dotfile has no extension
}

TEST_CASE("the counter orders extensions by files, then by name, and describes them") {
  SkippedFilesCounter counter;
  for (const char* path : {"a.php", "b.rb", "c/d.rb", "e.rb", "f.kt", "g.swift", "README.md", "x.json"})
    counter.count(path);
  const std::vector<SkippedFiles> skipped = counter.result();
  CHECK(skipped == std::vector<SkippedFiles>{
                       {".rb", "ruby", 3}, {".kt", "kotlin", 1}, {".php", "php", 1}, {".swift", "swift", 1}});
  CHECK(describe_skipped_files(skipped) ==
        "3 .rb, 1 .kt, 1 .php, 1 .swift files (languages not supported yet: ruby, kotlin, php, swift)");
  CHECK(describe_skipped_files(std::vector<SkippedFiles>{{".kt", "kotlin", 1}}) ==
        "1 .kt file (language not supported yet: kotlin)");
  CHECK(describe_skipped_files({}).empty());
}

TEST_CASE("skipped files round-trip through the snapshot section's bytes; damage is refused") {
  const std::vector<SkippedFiles> skipped = {{".rb", "ruby", 120}, {".php", "php", 40}};
  const std::vector<std::byte> bytes = encode_skipped_files(skipped);
  CHECK(bytes == bytes_of(".rb\truby\t120\n.php\tphp\t40\n"));
  auto decoded = decode_skipped_files(bytes);
  REQUIRE(decoded.ok());
  CHECK(*decoded == skipped);
  for (std::string_view damaged :
       {".rb\truby\t120", ".rb\truby\n", ".rb\truby\tx\n", "\truby\t1\n", ".rb\truby\t-1\n"}) {
    auto refused = decode_skipped_files(bytes_of(damaged));
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().code == ErrorCode::DatabaseError);
  }
}

TEST_CASE(
    "an index reports the files of unsupported languages and keeps the counts in its snapshot") {
  TempDir tree;
  write(tree / "app.py", "def main():\n    pass\n");
  write(tree / "lib/a.rb", "puts 1\n");
  write(tree / "lib/b.rb", "puts 2\n");
  write(tree / "web/index.php", "<?php echo 1;\n");
  write(tree / "README.md", "# readme\n");
  write(tree / "data.json", "{}\n");
  write(tree / "ignored/c.rb", "puts 3\n");
  write(tree / ".gitignore", "ignored/\n");
  const std::filesystem::path database = tree / ".trellis/graph.trellis";
  IndexOptions options;
  options.root = tree.path();
  auto indexed = index_into_database(options, database);
  REQUIRE(indexed.ok());
  const std::vector<SkippedFiles> expected = {{".rb", "ruby", 2}, {".php", "php", 1}};
  CHECK(indexed->indexed.report.files == 1);
  CHECK(indexed->indexed.report.skipped_languages == expected);
  auto section = load_snapshot_extra(database, kSkippedLanguagesSection);
  REQUIRE(section.ok());
  REQUIRE(section->has_value());
  auto kept = decode_skipped_files((*section)->span());
  REQUIRE(kept.ok());
  CHECK(*kept == expected);

  // Again, incrementally: the same counts.
  auto again = index_into_database(options, database);
  REQUIRE(again.ok());
  CHECK(again->indexed.report.skipped_languages == expected);
}

TEST_CASE("a tree of supported languages only has no skipped-languages section") {
  TempDir tree;
  write(tree / "app.py", "x = 1\n");
  write(tree / "notes.txt", "hello\n");
  const std::filesystem::path database = tree / "graph.trellis";
  IndexOptions options;
  options.root = tree.path();
  auto indexed = index_into_database(options, database);
  REQUIRE(indexed.ok());
  CHECK(indexed->indexed.report.skipped_languages.empty());
  auto section = load_snapshot_extra(database, kSkippedLanguagesSection);
  REQUIRE(section.ok());
  CHECK_FALSE(section->has_value());
}
