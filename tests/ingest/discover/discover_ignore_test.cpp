#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ingest/discover/temp_tree.hpp"
#include "trellis/ingest/discover.hpp"

using namespace trellis::ingest;
using trellis::Result;
using trellis::ingest::testing::discover_tree;
using trellis::ingest::testing::paths_of;
using trellis::ingest::testing::TempTree;
using Paths = std::vector<std::string>;

TEST_CASE("a nested .gitignore anchors its patterns to its own directory and can re-include") {
  TempTree tree;
  tree.write(".gitignore", "/top_only.py\n*.log\n");
  tree.write("top_only.py");
  tree.write("keep.py");
  tree.write("app.log");
  tree.write("local.py");
  tree.write("sub/.gitignore", "/gen/\nlocal.py\n!important.log\n");
  tree.write("sub/top_only.py");
  tree.write("sub/gen/x.py");
  tree.write("sub/deeper/gen/y.py");
  tree.write("sub/local.py");
  tree.write("sub/deeper/local.py");
  tree.write("sub/important.log");
  tree.write("sub/other.log");
  CHECK(paths_of(discover_tree(tree)) == Paths{".gitignore", "keep.py", "local.py",
                                               "sub/.gitignore", "sub/deeper/gen/y.py",
                                               "sub/important.log", "sub/top_only.py"});
}

TEST_CASE("a file inside an excluded directory cannot be re-included") {
  TempTree tree;
  tree.write(".gitignore", "logs/\n!logs/keep.txt\n");
  tree.write("logs/keep.txt");
  tree.write("logs/debug.txt");
  tree.write("main.py");
  CHECK(paths_of(discover_tree(tree)) == Paths{".gitignore", "main.py"});
}

TEST_CASE("gitignore(5)'s example: exclude everything except foo/bar") {
  TempTree tree;
  tree.write(".gitignore", "/*\n!/foo\n/foo/*\n!/foo/bar\n");
  tree.write("foo/bar/x.txt");
  tree.write("foo/baz/y.txt");
  tree.write("foo/z.txt");
  tree.write("other/z.txt");
  tree.write("top.txt");
  CHECK(paths_of(discover_tree(tree)) == Paths{"foo/bar/x.txt"});
}

TEST_CASE("a directory-only pattern leaves files of the same name alone") {
  TempTree tree;
  tree.write(".gitignore", "out/\n");
  tree.write("out/a.py");
  tree.write("pkg/out/b.py");
  tree.write("lib/out", "a file named out\n");
  CHECK(paths_of(discover_tree(tree)) == Paths{".gitignore", "lib/out"});
}

TEST_CASE("** patterns exclude at any depth, everything inside, and across directories") {
  TempTree tree;
  tree.write(".gitignore", "**/generated/\nfoo/**\na/**/z.py\n");
  tree.write("generated/g.py");
  tree.write("x/y/generated/g.py");
  tree.write("x/generated.py");
  tree.write("foo/bar.py");
  tree.write("foo/deep/baz.py");
  tree.write("foo.py");
  tree.write("a/z.py");
  tree.write("a/b/c/z.py");
  tree.write("a/b/keep.py");
  tree.write("b/z.py");
  CHECK(paths_of(discover_tree(tree)) ==
        Paths{".gitignore", "a/b/keep.py", "b/z.py", "foo.py", "x/generated.py"});
}

TEST_CASE("--exclude globs use gitignore syntax relative to the root") {
  TempTree tree;
  tree.write("a.gen.py");
  tree.write("sub/b.gen.py");
  tree.write("keep.gen.py");
  tree.write("docs/x.py");
  tree.write("src/docs/y.py");
  tree.write("vendor/v.py");
  tree.write("src/vendor/w.py");
  tree.write("main.py");
  DiscoverOptions options;
  options.exclude_globs = {"*.gen.py", "docs/", "/vendor", "!keep.gen.py"};
  CHECK(paths_of(discover_tree(tree, options)) ==
        Paths{"keep.gen.py", "main.py", "src/vendor/w.py"});
}

TEST_CASE("--exclude globs take precedence over ignore files") {
  TempTree tree;
  tree.write(".gitignore", "*.txt\n");
  tree.write("notes.txt");
  tree.write("other.txt");
  tree.write("main.py");
  DiscoverOptions options;
  options.exclude_globs = {"!notes.txt", "main.py"};
  CHECK(paths_of(discover_tree(tree, options)) == Paths{".gitignore", "notes.txt"});
}

TEST_CASE(".git/info/exclude applies below every .gitignore, and .git is never entered") {
  TempTree tree;
  tree.write(".git/HEAD", "ref: refs/heads/main\n");
  tree.write(".git/info/exclude", "secret.py\nprivate/\n");
  tree.write(".gitignore", "!secret.py\n");
  tree.write("secret.py");
  tree.write("private/p.py");
  tree.write("sub/private/q.py");
  tree.write("main.py");
  CHECK(paths_of(discover_tree(tree)) == Paths{".gitignore", "main.py", "secret.py"});
}

TEST_CASE("a linked worktree reads info/exclude from the repository's common directory") {
  TempTree tree;
  tree.write("repo.git/info/exclude", "ignored_by_common.py\n");
  tree.write("repo.git/worktrees/wt/commondir", "../..\n");
  tree.write("wt/.git", "gitdir: ../repo.git/worktrees/wt\n");
  tree.write("wt/ignored_by_common.py");
  tree.write("wt/kept.py");
  DiscoverOptions options;
  options.root = tree.path("wt");
  const Result<DiscoverResult> result = discover_files(options);
  REQUIRE(result.ok());
  CHECK(paths_of(*result) == Paths{"kept.py"});
}

TEST_CASE("a root inside a repository obeys the ignore files above it, paths stay root-relative") {
  TempTree tree;
  tree.make_directory(".git");
  tree.write(".git/info/exclude", "*.secret\n");
  tree.write(".gitignore", "/proj/gen/\n*.tmp\n");
  tree.write("proj/.gitignore", "!keep.tmp\n");
  tree.write("proj/a.py");
  tree.write("proj/gen/b.py");
  tree.write("proj/sub/gen/c.py");
  tree.write("proj/c.tmp");
  tree.write("proj/keep.tmp");
  tree.write("proj/d.secret");
  tree.write("proj/local.py");
  tree.write("proj/sub/local.py");
  DiscoverOptions options;
  options.root = tree.path("proj");
  options.exclude_globs = {"/local.py"};
  const Result<DiscoverResult> result = discover_files(options);
  REQUIRE(result.ok());
  CHECK(paths_of(*result) ==
        Paths{".gitignore", "a.py", "keep.tmp", "sub/gen/c.py", "sub/local.py"});
}
