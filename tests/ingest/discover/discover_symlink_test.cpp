#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "ingest/discover/temp_tree.hpp"
#include "trellis/ingest/discover.hpp"

using namespace trellis::ingest;
using trellis::ingest::testing::discover_tree;
using trellis::ingest::testing::paths_and_sizes;
using trellis::ingest::testing::paths_of;
using trellis::ingest::testing::python_only;
using trellis::ingest::testing::TempTree;
using Paths = std::vector<std::string>;
using Warnings = std::vector<DiscoverWarning>;

TEST_CASE("a symlinked file whose target is outside the root is skipped with a warning") {
  TempTree tree;
  TempTree outside;
  outside.write("secret.py");
  tree.symlink(outside.path("secret.py"), "link.py");
  tree.symlink(outside.path("secret.py"), "link.txt");
  tree.write("main.py");
  DiscoverOptions options;
  options.wanted = python_only;
  const DiscoverResult result = discover_tree(tree, options);
  CHECK(paths_of(result) == Paths{"main.py"});
  CHECK(result.warnings == Warnings{{"link.py", "symlink leaves the tree (to " +
                                                    outside.path("secret.py").string() + ")"}});
}

TEST_CASE("a symlinked file inside the tree is listed under the link's path") {
  TempTree tree;
  tree.write("real.py", "print('hello')\n");
  tree.symlink("real.py", "alias.py");
  tree.symlink("../real.py", "sub/alias.py");
  const DiscoverResult result = discover_tree(tree);
  CHECK(paths_and_sizes(result.files) ==
        std::vector<std::pair<std::string, std::uint64_t>>{{"alias.py", 15}, {"real.py", 15}, {"sub/alias.py", 15}});
  CHECK(result.warnings.empty());
}

TEST_CASE("a symlinked directory pointing to an ancestor is reported as a loop and not followed") {
  TempTree tree;
  tree.write("a/b/x.py");
  tree.symlink("../..", "a/b/to_root");
  tree.symlink(".", "a/self");
  const DiscoverResult result = discover_tree(tree);
  CHECK(paths_of(result) == Paths{"a/b/x.py"});
  CHECK(result.warnings ==
        Warnings{{"a/b/to_root", "symlink loop (to ., a directory holding the link)"},
                 {"a/self", "symlink loop (to a, a directory holding the link)"}});
  CHECK(result.directories_visited == 3);
}

TEST_CASE("a symlinked directory inside the tree is not followed; its target is walked once") {
  TempTree tree;
  tree.write("real/x.py");
  tree.symlink("real", "alias");
  tree.symlink("../real", "sub/alias");
  const DiscoverResult result = discover_tree(tree);
  CHECK(paths_of(result) == Paths{"real/x.py"});
  CHECK(result.warnings.empty());
}

TEST_CASE(
    "a symlinked directory leading out of the tree is reported, unless it is a skipped name") {
  TempTree tree;
  TempTree outside;
  outside.write("lib/z.py");
  tree.symlink(outside.path("lib"), "external");
  tree.symlink(outside.path("lib"), "node_modules");
  tree.write("main.py");
  const DiscoverResult result = discover_tree(tree);
  CHECK(paths_of(result) == Paths{"main.py"});
  CHECK(result.warnings == Warnings{{"external", "symlink leaves the tree (to " +
                                                     outside.path("lib").string() + ")"}});
}

TEST_CASE("broken and self-referencing symlinks to wanted files give warnings") {
  TempTree tree;
  tree.symlink("missing.py", "dead.py");
  tree.symlink("missing.txt", "dead.txt");
  tree.symlink("b.py", "a.py");
  tree.symlink("a.py", "b.py");
  DiscoverOptions options;
  options.wanted = python_only;
  const DiscoverResult result = discover_tree(tree, options);
  CHECK(result.files.empty());
  CHECK(result.warnings == Warnings{{"a.py", "symlink loop"},
                                    {"b.py", "symlink loop"},
                                    {"dead.py", "broken symlink"}});
}

TEST_CASE("an ignored symlink is never resolved") {
  TempTree tree;
  TempTree outside;
  outside.write("s.py");
  tree.write(".gitignore", "link.py\n");
  tree.symlink(outside.path("s.py"), "link.py");
  const DiscoverResult result = discover_tree(tree);
  CHECK(paths_of(result) == Paths{".gitignore"});
  CHECK(result.warnings.empty());
}
