// The directories discovery walks are listed, sorted: the root as "", then
// every folder it entered; ignored and skipped folders are not.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ingest/discover/temp_tree.hpp"
#include "trellis/ingest/discover.hpp"

using trellis::ingest::testing::discover_tree;
using trellis::ingest::testing::TempTree;
using Paths = std::vector<std::string>;

TEST_CASE("discovery lists the directories it walked: not ignored, skipped or Python environment ones") {
  TempTree tree;
  tree.write(".gitignore", "generated/\n");
  tree.write("src/shop/models.py");
  tree.write("src/shop/util/log.py");
  tree.write("generated/out.py");
  tree.write("node_modules/dep/index.js");
  tree.write("src/shop/__pycache__/models.cpython-311.pyc");
  tree.write(".venv/pyvenv.cfg");
  tree.write(".venv/lib/site.py");
  tree.write("docs/guide/readme.md");
  const auto found = discover_tree(tree);
  CHECK(found.directories == Paths{"", "docs", "docs/guide", "src", "src/shop", "src/shop/util"});
  CHECK(found.directories_visited == found.directories.size());
}
