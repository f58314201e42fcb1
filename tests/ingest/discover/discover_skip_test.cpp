#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ingest/discover/temp_tree.hpp"
#include "trellis/ingest/discover.hpp"

using namespace trellis::ingest;
using trellis::ingest::testing::discover_tree;
using trellis::ingest::testing::paths_of;
using trellis::ingest::testing::python_only;
using trellis::ingest::testing::TempTree;
using Paths = std::vector<std::string>;
using Warnings = std::vector<DiscoverWarning>;

namespace {

// Takes the effective user and group from root to `nobody` for its lifetime,
// so that permission checks apply to a test running as root.
class AsNobodyWhenRoot {
 public:
  AsNobodyWhenRoot() {
    if (::geteuid() != 0) return;
    constexpr uid_t kNobody = 65534;
    if (::setegid(kNobody) != 0) return;
    if (::seteuid(kNobody) != 0) {
      static_cast<void>(::setegid(0));
      return;
    }
    dropped_ = true;
  }
  AsNobodyWhenRoot(const AsNobodyWhenRoot&) = delete;
  AsNobodyWhenRoot& operator=(const AsNobodyWhenRoot&) = delete;
  ~AsNobodyWhenRoot() {
    if (!dropped_) return;
    static_cast<void>(::seteuid(0));
    static_cast<void>(::setegid(0));
  }

 private:
  bool dropped_ = false;
};

// Discovery of `tree` by a user that file permissions apply to; nullopt when
// the test runs as root and cannot change its effective user.
std::optional<DiscoverResult> discover_without_privileges(const TempTree& tree,
                                                          DiscoverOptions options) {
  const AsNobodyWhenRoot as_nobody;
  if (::geteuid() == 0) return std::nullopt;
  return discover_tree(tree, std::move(options));
}

constexpr const char* kNoUnprivilegedUser =
    "running as root without the right to change the effective user: check skipped";

}  // namespace

TEST_CASE("dependency, build, cache and tool directories are never entered") {
  TempTree tree;
  for (const char* skipped :
       {"node_modules/x.js", "web/node_modules/y.js", "__pycache__/a.cpython-311.pyc",
        ".mypy_cache/m.json", ".pytest_cache/v", ".ruff_cache/r", ".tox/t", ".nox/n", ".cache/c",
        "build/out.py", "pkg/build/lib/out.py", "dist/d.py", ".eggs/e.py", "shop.egg-info/PKG-INFO",
        ".trellis/graph.trellis", ".idea/workspace.xml", ".vscode/settings.json", ".git/HEAD",
        "sub/.git"}) {
    tree.write(skipped);
  }
  tree.write("scripts/build", "#!/bin/sh\n");
  tree.write("src/app.py");
  tree.write("egg-info/x.py");
  CHECK(paths_of(discover_tree(tree)) == Paths{"egg-info/x.py", "scripts/build", "src/app.py"});
}

TEST_CASE("Python environments are recognised by their contents") {
  TempTree tree;
  tree.write("myenv/pyvenv.cfg", "home = /usr/bin\n");
  tree.write("myenv/lib/python3.11/site-packages/six.py");
  tree.write(".venv/bin/activate", "# activate\n");
  tree.write(".venv/lib/x.py");
  tree.write("venv/bin/activate", "# activate\n");
  tree.write("venv/lib/y.py");
  tree.write("conda/conda-meta/history", "");
  tree.write("conda/lib/z.py");
  tree.write("env/config.py");
  tree.write("tools/bin/activate", "# not an environment: the name does not say so\n");
  tree.write("app.py");
  CHECK(paths_of(discover_tree(tree)) == Paths{"app.py", "env/config.py", "tools/bin/activate"});
}

TEST_CASE("the root is walked even when it is a Python environment") {
  TempTree tree;
  tree.write("pyvenv.cfg", "home = /usr/bin\n");
  tree.write("lib/site.py");
  CHECK(paths_of(discover_tree(tree)) == Paths{"lib/site.py", "pyvenv.cfg"});
}

TEST_CASE("wanted files over the size cap are skipped with a warning") {
  TempTree tree;
  const std::uint64_t mib = 1024 * 1024;
  tree.write("huge.py", std::string(31 * mib / 10, 'x'));
  tree.write("at_cap.py", std::string(2 * mib, 'x'));
  tree.write("huge.bin", std::string(3 * mib, 'x'));
  DiscoverOptions options;
  options.wanted = python_only;
  const DiscoverResult result = discover_tree(tree, options);
  REQUIRE(result.files.size() == 1);
  CHECK(result.files[0].relative_path == "at_cap.py");
  CHECK(result.files[0].size == 2 * mib);
  CHECK(result.files[0].stamp.size == 2 * mib);
  CHECK(result.warnings == Warnings{{"huge.py", "over the 2 MiB size cap (3.1 MiB)"}});

  options.max_file_bytes = 1000;
  tree.write("small.py", std::string(999, 'x'));
  tree.write("over.py", std::string(1001, 'x'));
  const DiscoverResult capped = discover_tree(tree, options);
  CHECK(paths_of(capped) == Paths{"small.py"});
  CHECK(capped.warnings == Warnings{{"at_cap.py", "over the 1000 bytes size cap (2 MiB)"},
                                    {"huge.py", "over the 1000 bytes size cap (3.1 MiB)"},
                                    {"over.py", "over the 1000 bytes size cap (1001 bytes)"}});
}

TEST_CASE("wanted files with a NUL byte in their first 8 KiB are skipped as binary") {
  TempTree tree;
  std::string early(100, 'x');
  early[50] = '\0';
  std::string late(9000, 'x');
  late[8500] = '\0';
  tree.write("early.py", early);
  tree.write("late.py", late);
  tree.write("text.py");
  tree.write("image.png", std::string("\x89PNG\0\0", 6));
  DiscoverOptions options;
  options.wanted = python_only;
  const DiscoverResult result = discover_tree(tree, options);
  CHECK(paths_of(result) == Paths{"late.py", "text.py"});
  CHECK(result.warnings == Warnings{{"early.py", "binary file (a NUL byte in its first 8 KiB)"}});
}

TEST_CASE("a file the caller knows unchanged by its stamp is listed without being opened") {
  TempTree tree;
  std::string binary(100, 'x');
  binary[50] = '\0';
  tree.write("known.py", binary);
  tree.write("other.py", binary);
  tree.write("big.py", std::string(200, 'x'));
  const DiscoverResult first = discover_tree(tree, {});
  REQUIRE(first.files.size() == 1);  // big.py; the other two are binary
  // Stamps as a previous index would have recorded them (stat alone).
  DiscoverOptions options;
  options.max_file_bytes = 150;
  std::vector<std::pair<std::string, FileStamp>> asked;
  std::mutex asking;
  options.known_unchanged = [&](std::string_view path, const FileStamp& stamp) {
    const std::lock_guard lock(asking);
    asked.emplace_back(std::string(path), stamp);
    return path == "known.py";
  };
  const DiscoverResult result = discover_tree(tree, options);
  // known.py was not opened (its NUL byte went unseen: the caller vouched
  // for it); other.py was, and is binary; big.py is over the cap, which
  // stat alone tells, so it is never asked about.
  CHECK(paths_of(result) == Paths{"known.py"});
  REQUIRE(result.files.size() == 1);
  CHECK(result.files[0].stamp.size == 100);
  CHECK(result.warnings == Warnings{{"big.py", "over the 150 bytes size cap (200 bytes)"},
                                    {"other.py", "binary file (a NUL byte in its first 8 KiB)"}});
  std::sort(asked.begin(), asked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  REQUIRE(asked.size() == 2);
  CHECK(asked[0].first == "known.py");
  CHECK(asked[1].first == "other.py");
  CHECK(asked[0].second == result.files[0].stamp);
}

TEST_CASE("files nobody wants are neither opened nor reported") {
  TempTree tree;
  tree.write("photo.jpg", std::string(3 * 1024 * 1024, '\0'));
  tree.write("main.py");
  DiscoverOptions options;
  options.wanted = python_only;
  const DiscoverResult result = discover_tree(tree, options);
  CHECK(paths_of(result) == Paths{"main.py"});
  CHECK(result.warnings.empty());
}

TEST_CASE("unreadable directories and wanted files give warnings, not failures") {
  TempTree tree;
  tree.write("locked/hidden.py");
  tree.write("secret.py");
  tree.write("unwanted.txt");
  tree.write("ok.py");
  tree.lock("locked");
  tree.lock("secret.py");
  tree.lock("unwanted.txt");
  DiscoverOptions options;
  options.wanted = python_only;
  const std::optional<DiscoverResult> result = discover_without_privileges(tree, options);
  if (!result) {
    MESSAGE(kNoUnprivilegedUser);
    return;
  }
  CHECK(paths_of(*result) == Paths{"ok.py"});
  CHECK(result->warnings ==
        Warnings{{"locked", "permission denied"}, {"secret.py", "permission denied"}});
}

TEST_CASE("an unreadable .gitignore gives a warning and the walk goes on") {
  TempTree tree;
  tree.write("sub/.gitignore", "*.py\n");
  tree.write("sub/a.py");
  tree.lock("sub/.gitignore");
  DiscoverOptions options;
  options.wanted = python_only;
  const std::optional<DiscoverResult> result = discover_without_privileges(tree, options);
  if (!result) {
    MESSAGE(kNoUnprivilegedUser);
    return;
  }
  CHECK(paths_of(*result) == Paths{"sub/a.py"});
  CHECK(result->warnings == Warnings{{"sub/.gitignore", "permission denied"}});
}

TEST_CASE("names with spaces and non-ASCII characters come through intact") {
  TempTree tree;
  tree.write("my file.py");
  tree.write(
      "donn\xc3\xa9"
      "es/caf\xc3\xa9.py");
  tree.write("\xe6\x97\xa5\xe6\x9c\xac.py");
  tree.write("emoji \xf0\x9f\x9a\x80.py");
  tree.write("trailing ", "excluded by an escaped trailing space\n");
  tree.write("caf\xc3\xa9_old.py");
  tree.write(".gitignore", "trailing\\ \ncaf\xc3\xa9_*.py\n");
  CHECK(paths_of(discover_tree(tree)) == Paths{".gitignore",
                                               "donn\xc3\xa9"
                                               "es/caf\xc3\xa9.py",
                                               "emoji \xf0\x9f\x9a\x80.py", "my file.py",
                                               "\xe6\x97\xa5\xe6\x9c\xac.py"});
}
