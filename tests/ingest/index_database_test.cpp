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

const std::filesystem::path kShop = std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures/python/shop";

void replace_in_file(const std::filesystem::path& file, const std::string& from, const std::string& to) {
  std::stringstream text;
  text << std::ifstream(file).rdbuf();
  std::string content = text.str();
  const auto at = content.find(from);
  REQUIRE(at != std::string::npos);
  content.replace(at, from.size(), to);
  std::ofstream(file, std::ios::trunc) << content;
}

// Indexes `root` into `database` (incrementally over what is there) and
// checks the snapshot equals a first index of the same tree, byte for byte.
std::size_t files_resolved_matching_a_full_index(const std::filesystem::path& root,
                                                 const std::filesystem::path& database,
                                                 const std::filesystem::path& scratch) {
  IndexOptions options;
  options.root = root;
  auto incremental = index_into_database(options, database);
  REQUIRE(incremental.ok());
  std::filesystem::remove(scratch);
  auto full = index_into_database(options, scratch);
  REQUIRE(full.ok());
  CHECK(full->indexed.report.files_resolved == full->indexed.report.files);
  auto a = read_file(database);
  auto b = read_file(scratch);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(*a == *b);
  return incremental->indexed.report.files_resolved;
}

}  // namespace

TEST_CASE("index_into_database reuses its snapshot's facts and writes what a full index writes") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "shop";
  std::filesystem::copy(kShop, root, std::filesystem::copy_options::recursive);
  const std::filesystem::path database = dir.path() / "db" / "graph.trellis";
  IndexOptions options;
  options.root = root;

  auto first = index_into_database(options, database);
  REQUIRE(first.ok());
  CHECK(first->indexed.report.files_reparsed == first->indexed.report.files);
  CHECK(first->previous_note.empty());

  auto unchanged = index_into_database(options, database);
  REQUIRE(unchanged.ok());
  CHECK(unchanged->indexed.report.files_reparsed == 0);
  CHECK(unchanged->previous_note.empty());

  {
    std::ofstream out(root / "src/shop/util/log.py", std::ios::app);
    out << "\n# a comment\n";
  }
  auto edited = index_into_database(options, database);
  REQUIRE(edited.ok());
  CHECK(edited->indexed.report.files_reparsed == 1);
  CHECK(edited->indexed.store.node_count() == first->indexed.store.node_count());

  // The snapshot equals the one a first index of the edited tree writes.
  const std::filesystem::path fresh = dir.path() / "fresh.trellis";
  REQUIRE(index_into_database(options, fresh).ok());
  auto a = read_file(database);
  auto b = read_file(fresh);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(*a == *b);
}

TEST_CASE("index_into_database indexes in full over a snapshot it cannot read, and says why") {
  const TempDir dir;
  const std::filesystem::path database = dir.path() / "graph.trellis";
  {
    std::ofstream out(database, std::ios::binary);
    out << "not a snapshot";
  }
  IndexOptions options;
  options.root = kShop;
  auto indexed = index_into_database(options, database);
  REQUIRE(indexed.ok());
  CHECK(indexed->indexed.report.files_reparsed == indexed->indexed.report.files);
  CHECK(indexed->previous_note.starts_with("previous snapshot not used"));
}

TEST_CASE("an edit that keeps a file's interface re-resolves only that file; others re-resolve all") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "shop";
  std::filesystem::copy(kShop, root, std::filesystem::copy_options::recursive);
  const std::filesystem::path database = dir.path() / "graph.trellis";
  const std::filesystem::path scratch = dir.path() / "full.trellis";
  const std::filesystem::path auth = root / "src/shop/services/auth.py";
  const std::filesystem::path log = root / "src/shop/util/log.py";
  const std::size_t files = files_resolved_matching_a_full_index(root, database, scratch);
  REQUIRE(files > 3);

  SUBCASE("a body edit: new lines and calls, later definitions shifted") {
    replace_in_file(auth, "        write_log(\"login\")\n",
                    "        write_log(\"login\")\n\n        L.get(name)\n        repo_module.Repo().get(name)\n");
    CHECK(files_resolved_matching_a_full_index(root, database, scratch) == 1);
    // Calls into the edited file from others still land on the right methods.
    replace_in_file(log, "    print(message)\n", "    print(message)\n    shout(message)\n\n");
    CHECK(files_resolved_matching_a_full_index(root, database, scratch) == 1);
  }
  SUBCASE("a new definition changes the interface") {
    replace_in_file(log, "def get(key):", "def added():\n    return 1\n\n\ndef get(key):");
    CHECK(files_resolved_matching_a_full_index(root, database, scratch) == files);
  }
  SUBCASE("a changed import changes the interface") {
    replace_in_file(auth, "import shop.util.log as L\n", "import shop.util as L\n");
    CHECK(files_resolved_matching_a_full_index(root, database, scratch) == files);
  }
  SUBCASE("a new assignment order changes the interface") {
    replace_in_file(log, "formatter = Formatter()\n", "formatter = get\nformatter = Formatter()\n");
    CHECK(files_resolved_matching_a_full_index(root, database, scratch) == files);
  }
  SUBCASE("a deleted file re-resolves the rest") {
    std::filesystem::remove(root / "src/shop/cycle_b.py");
    CHECK(files_resolved_matching_a_full_index(root, database, scratch) == files - 1);
  }
  SUBCASE("an added file re-resolves all") {
    std::ofstream(root / "src/shop/extra.py") << "from shop.util.log import log\n\nlog('x')\n";
    CHECK(files_resolved_matching_a_full_index(root, database, scratch) == files + 1);
  }
}
