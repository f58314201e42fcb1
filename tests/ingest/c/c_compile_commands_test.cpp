// C with a compilation database (tests/fixtures/c/compile_db, EXPECTED.md
// there): its -iquote and -I folders find the includes a folder-walking guess
// misses or gets wrong; without it the guess stands; a database named by
// IndexOptions::compile_commands (`--compile-commands`) works from anywhere;
// an incremental index notices an edit to it that changes include folders.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/incremental_index.hpp"
#include "support/temp_dir.hpp"
#include "trellis/ingest/index_database.hpp"
#include "trellis/ingest/index_repository.hpp"

using namespace trellis;
using Names = std::vector<std::string>;

namespace {

// "from -> to" of every `type` edge of an indexed store, sorted.
Names compile_db_edges(const GraphStore& store, RelType type) {
  Names edges;
  for (NodeId node = 0; node < store.node_count(); ++node) {
    for (const NodeId target : store.out(type, node)) {
      edges.push_back(store.qualified_name(node) + " -> " + store.qualified_name(target));
    }
  }
  std::sort(edges.begin(), edges.end());
  return edges;
}

ingest::IndexResult index_compile_db(const std::filesystem::path& root, std::string database = {}) {
  ingest::IndexOptions options;
  options.root = root;
  options.compile_commands = std::move(database);
  auto indexed = ingest::index_repository(options);
  REQUIRE(indexed.ok());
  return std::move(indexed).value();
}

const Names kWithDatabase{"app.main -> app.quoted.config.h", "app.main -> vendor.api.api.h",
                          "vendor.api.api -> vendor.api.api.h"};

}  // namespace

TEST_CASE("c: compile_commands.json's -iquote and -I folders find includes; it does not limit the files") {
  const auto indexed = index_compile_db(std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures/c/compile_db");
  CHECK(indexed.report.files == 5);
  CHECK(compile_db_edges(indexed.store, RelType::Imports) == kWithDatabase);
  CHECK(compile_db_edges(indexed.store, RelType::Calls) ==
        Names{"app.main.main -> app.quoted.config.quoted_config", "app.main.main -> vendor.api.api.api_twice",
              "vendor.api.api.api_twice -> vendor.api.api.api_call"});
}

TEST_CASE("c: without a compilation database the folder-walking guess stands; --compile-commands names one elsewhere") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "compile_db";
  std::filesystem::copy(std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures/c/compile_db", root,
                        std::filesystem::copy_options::recursive);
  std::filesystem::create_directories(root / "build");
  std::filesystem::rename(root / "compile_commands.json", root / "build/compile_commands.json");
  {
    const auto guessed = index_compile_db(root);
    CHECK(compile_db_edges(guessed.store, RelType::Imports) ==
          Names{"app.main -> api.h", "app.main -> config.h", "vendor.api.api -> api.h"});
  }
  // Named by path: not the root's compile_commands.json.
  std::filesystem::rename(root / "build/compile_commands.json", root / "compile_commands.build.json");
  const auto named = index_compile_db(root, (root / "compile_commands.build.json").string());
  CHECK(compile_db_edges(named.store, RelType::Imports) == kWithDatabase);
}

TEST_CASE("c: an edit to compile_commands.json alone re-links every C file when it changes include folders") {
  const test::FixtureCopy tree("tests/fixtures/c/compile_db");
  const std::size_t files = test::files_relinked_matching_a_full_index(tree.root, tree.database, tree.scratch);
  REQUIRE(files == 5);
  const std::filesystem::path database = tree.root / "compile_commands.json";

  // Another flag: the include folders are the same, nothing is re-linked.
  test::replace_in_file(database, "\"-c\", \"app/main.c\"", "\"-O2\", \"-c\", \"app/main.c\"");
  CHECK(test::files_relinked_matching_a_full_index(tree.root, tree.database, tree.scratch) == 0);

  // Without -iquote app/quoted, "config.h" is the root's again.
  test::replace_in_file(database, "\"-iquote\", \"app/quoted\", ", "");
  CHECK(test::files_relinked_matching_a_full_index(tree.root, tree.database, tree.scratch) == files);
  ingest::IndexOptions options;
  options.root = tree.root;
  auto indexed = ingest::index_into_database(options, tree.database);
  REQUIRE(indexed.ok());
  CHECK(compile_db_edges(indexed->indexed.store, RelType::Imports) ==
        Names{"app.main -> config.h", "app.main -> vendor.api.api.h", "vendor.api.api -> vendor.api.api.h"});

  // The database removed: the folder-walking guess, as without one.
  std::filesystem::remove(database);
  CHECK(test::files_relinked_matching_a_full_index(tree.root, tree.database, tree.scratch) == files);
}

TEST_CASE("c: among several definitions of a name, the one in a file the compilation database lists") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "kernel";
  const auto write = [&](const std::string& path, const std::string& text) {
    std::filesystem::create_directories((root / path).parent_path());
    std::ofstream(root / path) << text;
  };
  write("init/main.c", "void arch_init(void);\nvoid start(void) { arch_init(); }\n");
  write("arch/x86/init.c", "void arch_init(void) {}\n");
  write("arch/arm/init.c", "void arch_init(void) {}\n");
  write("arch/sim/init.c", "void arch_init(void) {}\n");
  {
    const auto guessed = index_compile_db(root);
    CHECK(compile_db_edges(guessed.store, RelType::Calls).empty());  // three ways to link it: unknown_name
  }
  // A build of x86 lists its sources.
  write("compile_commands.json",
        R"([{"directory": ".", "file": "init/main.c", "command": "cc -c init/main.c"},
            {"directory": ".", "file": "arch/x86/init.c", "command": "cc -c arch/x86/init.c"}])");
  const auto built = index_compile_db(root);
  CHECK(compile_db_edges(built.store, RelType::Calls) == Names{"init.main.start -> arch.x86.init.arch_init"});
  // Listing two of them leaves the choice open again.
  write("compile_commands.json",
        R"([{"directory": ".", "file": "arch/arm/init.c", "command": "cc -c arch/arm/init.c"},
            {"directory": ".", "file": "arch/x86/init.c", "command": "cc -c arch/x86/init.c"}])");
  CHECK(compile_db_edges(index_compile_db(root).store, RelType::Calls).empty());
}
