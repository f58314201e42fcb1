#include <doctest/doctest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "ingest/discover/temp_tree.hpp"
#include "trellis/ingest/discover.hpp"

using namespace trellis::ingest;
using trellis::ErrorCode;
using trellis::Result;
using trellis::ingest::testing::discover_tree;
using trellis::ingest::testing::paths_and_sizes;
using trellis::ingest::testing::paths_of;
using trellis::ingest::testing::python_only;
using trellis::ingest::testing::TempTree;
using Paths = std::vector<std::string>;

namespace {

bool contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

// A tree with a few hundred directories and a few thousand files, ignore
// files at several levels, and some files discovery warns about.
void build_large_tree(const TempTree& tree) {
  tree.write(".gitignore", "*.log\n/pkg3/\n");
  for (int p = 0; p < 8; ++p) {
    const std::string pkg = "pkg" + std::to_string(p);
    tree.write(pkg + "/.gitignore", "gen_*/\n!keep.log\n");
    for (int m = 0; m < 25; ++m) {
      const std::string module = pkg + "/mod" + std::to_string(m);
      for (int f = 0; f < 10; ++f) tree.write(module + "/file" + std::to_string(f) + ".py");
      tree.write(module + "/notes.log");
      tree.write(module + "/keep.log");
      tree.write(module + "/gen_out/g.py");
    }
    tree.write(pkg + "/binary.py", std::string("\0\1\2", 3));
  }
}

}  // namespace

TEST_CASE("the result is identical whatever the number of threads, and sorted") {
  TempTree tree;
  build_large_tree(tree);
  DiscoverOptions options;
  options.jobs = 1;
  const DiscoverResult one = discover_tree(tree, options);
  options.jobs = 2;
  const DiscoverResult two = discover_tree(tree, options);
  options.jobs = 0;
  const DiscoverResult all = discover_tree(tree, options);

  CHECK(one.files.size() == 7 * (25 * 11 + 1) + 1);
  CHECK(one.warnings.size() == 7);
  CHECK(one.directories_visited == 1 + 7 * 26);
  CHECK(one.files == two.files);
  CHECK(one.warnings == two.warnings);
  CHECK(one.directories_visited == two.directories_visited);
  CHECK(one.files == all.files);
  CHECK(one.warnings == all.warnings);
  CHECK(std::is_sorted(one.files.begin(), one.files.end(),
                       [](const DiscoveredFile& a, const DiscoveredFile& b) {
                         return a.relative_path < b.relative_path;
                       }));
}

TEST_CASE("directories_visited counts the directories listed, the root included") {
  TempTree tree;
  tree.write("a/b/c/x.py");
  tree.write("d/y.py");
  tree.make_directory("empty");
  tree.write("node_modules/z.js");
  CHECK(discover_tree(tree).directories_visited == 6);
}

TEST_CASE("sizes are reported in bytes") {
  TempTree tree;
  tree.write("a.py", "abc");
  tree.write("empty.py", "");
  const DiscoverResult result = discover_tree(tree);
  CHECK(paths_and_sizes(result.files) == std::vector<std::pair<std::string, std::uint64_t>>{{"a.py", 3}, {"empty.py", 0}});
}

TEST_CASE("each file's stamp is what stat says of it") {
  TempTree tree;
  tree.write("a.py", "abc");
  const DiscoverResult result = discover_tree(tree);
  REQUIRE(result.files.size() == 1);
  struct stat info {};
  REQUIRE(::stat(tree.path("a.py").c_str(), &info) == 0);
  const FileStamp& stamp = result.files[0].stamp;
  CHECK(stamp.size == 3);
  CHECK(stamp.inode == static_cast<std::uint64_t>(info.st_ino));
  CHECK(stamp.mtime_ns == static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec);
  CHECK(stamp.ctime_ns == static_cast<std::int64_t>(info.st_ctim.tv_sec) * 1'000'000'000 + info.st_ctim.tv_nsec);
}

TEST_CASE("a missing root, a file root and an empty root are invalid arguments") {
  TempTree tree;
  tree.write("file.py");
  DiscoverOptions options;
  options.root = tree.path("missing");
  const Result<DiscoverResult> missing = discover_files(options);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().code == ErrorCode::InvalidArgument);
  CHECK(missing.error().message ==
        "cannot index '" + tree.path("missing").string() + "': no such file or directory");

  options.root = tree.path("file.py");
  const Result<DiscoverResult> file = discover_files(options);
  REQUIRE_FALSE(file.ok());
  CHECK(file.error().code == ErrorCode::InvalidArgument);
  CHECK(contains(file.error().message, "not a directory"));

  options.root.clear();
  const Result<DiscoverResult> empty = discover_files(options);
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.error().code == ErrorCode::InvalidArgument);
}

TEST_CASE("a root reached through a symlink lists paths relative to the root as given") {
  TempTree tree;
  tree.write("real/pkg/a.py");
  tree.symlink("real", "alias");
  DiscoverOptions options;
  options.root = tree.path("alias");
  options.wanted = python_only;
  const Result<DiscoverResult> result = discover_files(options);
  REQUIRE(result.ok());
  CHECK(paths_of(*result) == Paths{"pkg/a.py"});
}
