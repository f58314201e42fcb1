// Property test over generated source trees (issue 14): hundreds of random
// layouts with hostile names (dotfiles, doubled dots, spaces, non-ASCII,
// keywords, `index` and `__init__` files, a file and a folder with one
// stem, skipped folders) and contents (code that imports and calls across
// files, syntax errors, invalid UTF-8, binary bytes). Each is indexed, then
// edited and indexed again: no crash, the store check passes, the
// incremental snapshot equals a full index, and every file is accounted
// for (fuzz/support/tree_check.hpp).
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/support/tree_check.hpp"
#include "support/temp_dir.hpp"

using namespace trellis::fuzz;
using namespace std::string_view_literals;

namespace {

constexpr auto kSegments = std::to_array<std::string_view>(
    {".eslintrc", ".prettierrc", ".mocharc", "index", "__init__", "class", "def", "import", "from", "my file",
     "ü", "日本語", "a", "a.b", "..x", "x..", "a..b", "-", "_", "src", "lib", "app", ".storybook", "node_modules",
     "build", ".venv", "tests", "x y z", "$", "@scope", "pkg", "pkg.js", "UPPER", "a", "b", "c"});
constexpr auto kExtensions = std::to_array<std::string_view>(
    {".py", ".pyi", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts", ".d.ts", "", ".txt", ".py"});
constexpr auto kSnippets = std::to_array<std::string_view>({
    "def f(x):\n    return g(x)\n\ndef g(y):\n    return f(y)\n"sv,
    "import a\nfrom b import c\nfrom . import index\nfrom .. import x\n\nclass K(a.Base):\n    def m(self):\n        return self.n()\n    def n(self):\n        c()\n"sv,
    "from __future__ import annotations\n__all__ = ['f', 'K']\nclass K:\n    @property\n    def p(self): return 1\n"sv,
    "export function f() { return g(); }\nexport const g = () => f();\n"sv,
    "import { f } from './a';\nimport * as ns from '../index';\nexport class C extends ns.Base { m() { f(); this.n(); } n() {} }\n"sv,
    "const x = require('./b');\nmodule.exports = { y: () => x.z() };\nexports.w = function () {};\n"sv,
    "export default class { constructor() { super(); } }\nexport * from './c';\nexport { a as b } from 'pkg';\n"sv,
    "interface I { m(): void }\nclass D implements I { m() {} }\nnamespace N { export function q() {} }\n"sv,
    "def broken(:\n    pass\nclass\n"sv,
    "export function (( {\n"sv,
    "\xff\xfe invalid utf-8 \xc3\x28\n"sv,
    "binary\0bytes\0"sv,
    ""sv,
    "async def a():\n    await b()\n    return [i for i in range(3) if i]\n"sv,
    "@decorator\nclass E(metaclass=M):\n    x: int = 1\n    def __init__(self): self.y = E()\n"sv,
});

class TreeGenerator {
 public:
  explicit TreeGenerator(std::uint32_t seed) : random_(seed) {}

  std::string path() {
    std::string out;
    const std::size_t depth = pick(4);
    for (std::size_t d = 0; d < depth; ++d) out += std::string(one_of(kSegments)) + "/";
    out += one_of(kSegments);
    out += one_of(kExtensions);
    return out;
  }

  std::string content() {
    std::string out;
    const std::size_t parts = 1 + pick(3);
    for (std::size_t p = 0; p < parts; ++p) out += one_of(kSnippets);
    if (pick(8) == 0) {  // a few random bytes somewhere
      const std::size_t at = out.empty() ? 0 : pick(out.size());
      out.insert(at, 1, static_cast<char>(pick(256)));
    }
    return out;
  }

  std::vector<TreeFile> files() {
    std::vector<TreeFile> out(1 + pick(12));
    for (TreeFile& file : out) file = {path(), content()};
    return out;
  }

  std::vector<TreeEdit> edits() {
    std::vector<TreeEdit> out(1 + pick(4));
    for (TreeEdit& edit : out) {
      edit.kind = static_cast<TreeEdit::Kind>(pick(4));
      edit.file = pick(16);
      edit.path = path();
      edit.content = content();
    }
    return out;
  }

  std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random_); }

 private:
  template <class Array>
  std::string_view one_of(const Array& items) {
    return items[pick(items.size())];
  }

  std::mt19937 random_;
};

}  // namespace

TEST_CASE("generated trees with hostile names index, re-index like a full index, and lose no file") {
  constexpr int kLayouts = 250;
  std::size_t indexed = 0;
  std::size_t warned = 0;
  const auto languages = trellis::ingest::make_language_frontends();
  for (int layout = 0; layout < kLayouts; ++layout) {
    TreeGenerator generate(static_cast<std::uint32_t>(20261124 + layout));
    TempDir work;
    const auto root = work / "tree";
    const auto scratch = work / "scratch";
    std::filesystem::create_directories(root);
    std::filesystem::create_directories(scratch);
    const auto database = scratch / "db.trellis";
    std::vector<TreeFile> files = write_tree(root, generate.files());
    const unsigned jobs = 1 + static_cast<unsigned>(layout % 2);

    IndexCheckResult first = index_and_check(root, files, database, scratch, jobs, languages);
    INFO("layout ", layout, " (first index)");
    REQUIRE_MESSAGE(!first.problem, first.problem.value_or(""));
    apply_edits(root, files, generate.edits());
    IndexCheckResult second = index_and_check(root, files, database, scratch, jobs, languages);
    INFO("layout ", layout, " (after edits)");
    REQUIRE_MESSAGE(!second.problem, second.problem.value_or(""));
    indexed += first.counts.files_indexed + second.counts.files_indexed;
    warned += first.counts.files_warned + second.counts.files_warned;
  }
  // The layouts did reach the indexer: most files became Modules.
  CHECK(indexed > 1000);
  MESSAGE("files indexed: ", indexed, ", passed over with a warning: ", warned);
}
