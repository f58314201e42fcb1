// Incremental indexing checks the language tests share: an edit to a copy
// of a fixture, then an index over the previous snapshot that must equal a
// full index of the same tree byte for byte.
#pragma once

#include <doctest/doctest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/temp_dir.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/ingest/index_database.hpp"

namespace trellis::test {

// Replaces the first `from` in `file` with `to`; fails the test when `from` is not there.
inline void replace_in_file(const std::filesystem::path& file, const std::string& from, const std::string& to) {
  std::stringstream text;
  text << std::ifstream(file).rdbuf();
  std::string content = text.str();
  const auto at = content.find(from);
  REQUIRE(at != std::string::npos);
  content.replace(at, from.size(), to);
  std::ofstream(file, std::ios::trunc) << content;
}

// Indexes `root` into `database` over what is there, checks the snapshot is
// byte for byte a full index's (written to `scratch`), and returns the
// incremental index's report.
inline ingest::IndexReport index_matching_a_full_index(const std::filesystem::path& root,
                                                       const std::filesystem::path& database,
                                                       const std::filesystem::path& scratch) {
  ingest::IndexOptions options;
  options.root = root;
  auto incremental = ingest::index_into_database(options, database);
  REQUIRE(incremental.ok());
  std::filesystem::remove(scratch);
  auto full = ingest::index_into_database(options, scratch);
  REQUIRE(full.ok());
  auto a = trellis::read_file(database);
  auto b = trellis::read_file(scratch);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(*a == *b);
  return incremental->indexed.report;
}

// The same, returning how many files were re-linked.
inline std::size_t files_relinked_matching_a_full_index(const std::filesystem::path& root,
                                                        const std::filesystem::path& database,
                                                        const std::filesystem::path& scratch) {
  return index_matching_a_full_index(root, database, scratch).files_resolved;
}

// A fixture tree (a path from the source root) copied into a fresh folder
// as `shop`, with where its index and a full index to compare go.
struct FixtureCopy {
  explicit FixtureCopy(const std::string& fixture) : root(dir.path() / "shop") {
    std::filesystem::copy(std::filesystem::path(TRELLIS_SOURCE_DIR) / fixture, root,
                          std::filesystem::copy_options::recursive);
  }
  const TempDir dir;
  const std::filesystem::path root;
  const std::filesystem::path database = dir.path() / "graph.trellis";
  const std::filesystem::path scratch = dir.path() / "full.trellis";
};

}  // namespace trellis::test
