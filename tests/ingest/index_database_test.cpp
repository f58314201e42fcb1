#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "support/temp_dir.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/ingest/index_database.hpp"

using namespace trellis;
using namespace trellis::ingest;

namespace {

const std::filesystem::path kShop = std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures/python/shop";

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
