// inotify over a real folder: new folders are watched at once with what is
// below them, renames report both names, and set_watched follows a list.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <set>
#include <string>

#include "support/temp_dir.hpp"
#include "watch/inotify_tree.hpp"

using trellis::watch::InotifyTree;
using trellis::watch::TreeEvent;

namespace {

// Reads events until every path in `expected` was reported as changed, for
// at most 10 s (a loaded machine may be slow; the events are not lost).
std::set<std::string> wait_for(InotifyTree& tree, const std::set<std::string>& expected) {
  std::set<std::string> seen;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!std::ranges::includes(seen, expected) && std::chrono::steady_clock::now() < give_up) {
    pollfd fd{tree.fd(), POLLIN, 0};
    if (::poll(&fd, 1, 100) <= 0) continue;
    auto events = tree.read_events();
    REQUIRE(events.ok());
    for (const TreeEvent& event : *events) {
      if (event.kind == TreeEvent::Kind::Changed) seen.insert(event.path);
    }
  }
  return seen;
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
}

}  // namespace

TEST_CASE("inotify tree: a folder tree created at once is watched, and files in it are reported") {
  TempDir dir;
  auto tree = InotifyTree::open(dir.path().string(), [](std::string_view path) { return path != "skipped"; });
  REQUIRE(tree.ok());
  REQUIRE(tree->set_watched({""}).ok());
  CHECK(tree->watch_count() == 1);

  std::filesystem::create_directories(dir / "a/b/c");
  std::filesystem::create_directories(dir / "skipped");
  auto seen = wait_for(*tree, {"a"});
  CHECK(seen.contains("a"));
  // The watch on a/ came with watches on a/b and a/b/c.
  write_file(dir / "a/b/c/x.py", "def f(): pass\n");
  seen = wait_for(*tree, {"a/b/c/x.py"});
  CHECK(seen.contains("a/b/c/x.py"));
  seen = wait_for(*tree, {"skipped"});
  CHECK(tree->watch_count() == 4);  // the root, a, a/b, a/b/c: not skipped/
}

TEST_CASE("inotify tree: a rename reports the old and the new name, a delete the name") {
  TempDir dir;
  write_file(dir / "old.py", "x = 1\n");
  auto tree = InotifyTree::open(dir.path().string(), [](std::string_view) { return true; });
  REQUIRE(tree.ok());
  REQUIRE(tree->set_watched({""}).ok());
  std::filesystem::rename(dir / "old.py", dir / "new.py");
  auto seen = wait_for(*tree, {"old.py", "new.py"});
  CHECK(seen.contains("old.py"));
  CHECK(seen.contains("new.py"));
  std::filesystem::remove(dir / "new.py");
  seen = wait_for(*tree, {"new.py"});
  CHECK(seen.contains("new.py"));
}

TEST_CASE("inotify tree: a folder moved within the tree is reported under its new path") {
  TempDir dir;
  std::filesystem::create_directories(dir / "pkg/inner");
  auto tree = InotifyTree::open(dir.path().string(), [](std::string_view) { return true; });
  REQUIRE(tree.ok());
  REQUIRE(tree->set_watched({"", "pkg", "pkg/inner"}).ok());
  CHECK(tree->watch_count() == 3);
  std::filesystem::rename(dir / "pkg", dir / "moved");
  auto seen = wait_for(*tree, {"pkg", "moved"});
  CHECK(seen.contains("pkg"));
  CHECK(seen.contains("moved"));
  write_file(dir / "moved/inner/y.py", "y = 2\n");
  seen = wait_for(*tree, {"moved/inner/y.py"});
  CHECK(seen.contains("moved/inner/y.py"));
  CHECK_FALSE(seen.contains("pkg/inner/y.py"));
  CHECK(tree->watch_count() == 3);
}

TEST_CASE("inotify tree: set_watched adds the listed folders and drops the others") {
  TempDir dir;
  std::filesystem::create_directories(dir / "keep");
  std::filesystem::create_directories(dir / "ignored");
  auto tree = InotifyTree::open(dir.path().string(), [](std::string_view) { return true; });
  REQUIRE(tree.ok());
  REQUIRE(tree->set_watched({"", "keep", "ignored"}).ok());
  CHECK(tree->watch_count() == 3);
  REQUIRE(tree->set_watched({"", "keep", "gone-meanwhile"}).ok());
  CHECK(tree->watch_count() == 2);  // a folder that does not exist is passed over
  write_file(dir / "ignored/z.py", "z = 3\n");
  write_file(dir / "keep/k.py", "k = 4\n");
  const auto seen = wait_for(*tree, {"keep/k.py"});
  CHECK(seen.contains("keep/k.py"));
  CHECK_FALSE(seen.contains("ignored/z.py"));
}

TEST_CASE("inotify tree: more events than the kernel queues end in an overflow event, not a silent loss") {
  std::size_t limit = 0;
  {
    std::ifstream in("/proc/sys/fs/inotify/max_queued_events");
    in >> limit;
  }
  if (limit == 0 || limit > 200'000) {
    MESSAGE("max_queued_events is " << limit << ": too large to fill in a test; nothing to check");
    return;
  }
  TempDir dir;
  auto tree = InotifyTree::open(dir.path().string(), [](std::string_view) { return true; });
  REQUIRE(tree.ok());
  REQUIRE(tree->set_watched({""}).ok());
  // Two open files written in turn, a byte a write: the kernel merges only
  // an event equal to the one queued last, so each write queues its own.
  const int a = ::open((dir / "a.py").c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  const int b = ::open((dir / "b.py").c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  REQUIRE(a >= 0);
  REQUIRE(b >= 0);
  for (std::size_t i = 0; i <= limit; ++i) REQUIRE(::write(i % 2 == 0 ? a : b, "x", 1) == 1);
  ::close(a);
  ::close(b);
  auto events = tree->read_events();
  REQUIRE(events.ok());
  CHECK(std::any_of(events->begin(), events->end(),
                    [](const TreeEvent& event) { return event.kind == TreeEvent::Kind::Overflow; }));
}
