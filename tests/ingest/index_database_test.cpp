#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <chrono>
#include <thread>
#include <sstream>
#include <string>

#include "support/temp_dir.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/database.hpp"
#include "trellis/ingest/facts_file.hpp"
#include "trellis/ingest/index_database.hpp"
#include "trellis/store/snapshot.hpp"

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

TEST_CASE("a class several files define keeps its words while they are unchanged, and loses a file's once it leaves") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "shop";
  std::filesystem::create_directories(root);
  std::ofstream(root / "A.cs") << "namespace Shop {\n  public partial class Foo {\n    public int apple = 1;\n  }\n}\n";
  std::ofstream(root / "B.cs") << "namespace Shop {\n  public partial class Foo {\n    public int kiwi = 2;\n  }\n}\n";
  std::ofstream(root / "C.cs") << "namespace Shop {\n  public class Other {\n    public int plum = 3;\n  }\n}\n";
  const std::filesystem::path database = dir.path() / "graph.trellis";
  const std::filesystem::path scratch = dir.path() / "full.trellis";
  IndexOptions options;
  options.root = root;
  auto first = index_into_database(options, database);
  REQUIRE(first.ok());
  REQUIRE(first->indexed.report.merged_definitions == 1);

  // Only C.cs changes: the modules A.cs and B.cs and the class both define
  // keep their postings, and the snapshot is a full index's.
  std::ofstream(root / "C.cs", std::ios::app) << "// a comment\n";
  auto edited = index_into_database(options, database);
  REQUIRE(edited.ok());
  CHECK(edited->indexed.report.search_nodes_reused == 3);
  std::filesystem::remove(scratch);
  REQUIRE(index_into_database(options, scratch).ok());
  CHECK(*read_file(database) == *read_file(scratch));

  // B.cs no longer defines Foo: Foo, left to A.cs (unchanged), must lose
  // B.cs's words (kiwi), as in a full index.
  replace_in_file(root / "B.cs", "partial class Foo", "class Bar");
  auto left = index_into_database(options, database);
  REQUIRE(left.ok());
  CHECK(left->indexed.report.merged_definitions == 0);
  CHECK(left->indexed.report.files_reparsed == 1);
  std::filesystem::remove(scratch);
  REQUIRE(index_into_database(options, scratch).ok());
  CHECK(*read_file(database) == *read_file(scratch));
}

namespace {

std::vector<std::string> callees_in(const std::filesystem::path& database, const std::string& function) {
  auto db = Database::open(database);
  REQUIRE(db.ok());
  auto answer = db->callees({.function_name = function});
  REQUIRE(answer.ok());
  std::vector<std::string> names;
  for (const auto& hit : answer->nodes) names.push_back(db->node(hit.node).qualified_name);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

TEST_CASE("what calls pass into other files' parameters survives an incremental index, and a change to it re-resolves all") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "flows";
  std::filesystem::create_directories(root / "pkg");
  std::ofstream(root / "pkg/__init__.py") << "";
  std::ofstream(root / "pkg/runner.py") << "def run(callback):\n"
                                           "    return callback()\n"
                                           "\n"
                                           "\n"
                                           "def run_twice(make):\n"
                                           "    item = make()\n"
                                           "    item.go()\n";
  std::ofstream(root / "pkg/tasks.py") << "from pkg.runner import run, run_twice\n"
                                          "\n"
                                          "\n"
                                          "class Task:\n"
                                          "    def go(self):\n"
                                          "        return 1\n"
                                          "\n"
                                          "\n"
                                          "def job():\n"
                                          "    return 1\n"
                                          "\n"
                                          "\n"
                                          "def other_job():\n"
                                          "    return 2\n"
                                          "\n"
                                          "\n"
                                          "run(job)\n"
                                          "run_twice(Task)\n";
  const std::filesystem::path database = dir.path() / "graph.trellis";
  const std::filesystem::path scratch = dir.path() / "full.trellis";
  const std::size_t files = files_resolved_matching_a_full_index(root, database, scratch);
  REQUIRE(files == 3);
  CHECK(callees_in(database, "pkg.runner.run") == std::vector<std::string>{"pkg.tasks.job"});
  CHECK(callees_in(database, "pkg.runner.run_twice") == std::vector<std::string>{"pkg.tasks.Task", "pkg.tasks.Task.go"});

  // An edit to the callee's file alone: what tasks.py passes in comes from
  // its cached resolution.
  replace_in_file(root / "pkg/runner.py", "    item.go()\n", "    item.go()\n    item.go()\n");
  CHECK(files_resolved_matching_a_full_index(root, database, scratch) == 1);
  CHECK(callees_in(database, "pkg.runner.run_twice") == std::vector<std::string>{"pkg.tasks.Task", "pkg.tasks.Task.go"});
  // An edit that passes the same values on stays incremental.
  replace_in_file(root / "pkg/tasks.py", "run(job)\n", "run(job)\nprint('ran')\n");
  CHECK(files_resolved_matching_a_full_index(root, database, scratch) == 1);
  // One that passes another function re-resolves every file.
  replace_in_file(root / "pkg/tasks.py", "run(job)\n", "run(other_job)\n");
  CHECK(files_resolved_matching_a_full_index(root, database, scratch) == files);
  CHECK(callees_in(database, "pkg.runner.run") == std::vector<std::string>{"pkg.tasks.other_job"});
}

TEST_CASE("a subclass added or removed in another file changes a base class's self calls as a full index does") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "hierarchy";
  std::filesystem::create_directories(root / "pkg");
  std::ofstream(root / "pkg/__init__.py") << "";
  std::ofstream(root / "pkg/base.py") << "class Base:\n"
                                         "    def run(self):\n"
                                         "        return self.step()\n";
  std::ofstream(root / "pkg/first.py") << "from pkg.base import Base\n"
                                          "\n"
                                          "\n"
                                          "class First(Base):\n"
                                          "    def step(self):\n"
                                          "        return 1\n";
  std::ofstream(root / "pkg/later.py") << "def unrelated():\n"
                                          "    return 0\n";
  const std::filesystem::path database = dir.path() / "graph.trellis";
  const std::filesystem::path scratch = dir.path() / "full.trellis";
  const std::size_t files = files_resolved_matching_a_full_index(root, database, scratch);
  REQUIRE(files == 4);
  CHECK(callees_in(database, "pkg.base.Base.run") == std::vector<std::string>{"pkg.first.First.step"});

  // A subclass defining step in a file base.py does not import.
  std::ofstream(root / "pkg/later.py", std::ios::trunc) << "from pkg.base import Base\n"
                                                           "\n"
                                                           "\n"
                                                           "class Second(Base):\n"
                                                           "    def step(self):\n"
                                                           "        return 2\n";
  files_resolved_matching_a_full_index(root, database, scratch);
  CHECK(callees_in(database, "pkg.base.Base.run") ==
        std::vector<std::string>{"pkg.first.First.step", "pkg.later.Second.step"});
  // A body edit keeps the interface: only that file is resolved again.
  replace_in_file(root / "pkg/later.py", "        return 2\n", "        return 3\n");
  CHECK(files_resolved_matching_a_full_index(root, database, scratch) == 1);
  CHECK(callees_in(database, "pkg.base.Base.run") ==
        std::vector<std::string>{"pkg.first.First.step", "pkg.later.Second.step"});
  // Second no longer derives from Base.
  replace_in_file(root / "pkg/later.py", "class Second(Base):", "class Second:");
  files_resolved_matching_a_full_index(root, database, scratch);
  CHECK(callees_in(database, "pkg.base.Base.run") == std::vector<std::string>{"pkg.first.First.step"});
  // The file is removed.
  std::filesystem::remove(root / "pkg/first.py");
  files_resolved_matching_a_full_index(root, database, scratch);
  CHECK(callees_in(database, "pkg.base.Base.run").empty());
}

namespace {

std::uintmax_t size_of(const std::filesystem::path& file) { return std::filesystem::file_size(file); }

// Flips one byte of `file` at `offset` (from the end when negative).
void flip_byte(const std::filesystem::path& file, std::int64_t offset) {
  auto bytes = read_file(file);
  REQUIRE(bytes.ok());
  const auto at = static_cast<std::size_t>(offset < 0 ? static_cast<std::int64_t>(bytes->size()) + offset : offset);
  REQUIRE(at < bytes->size());
  (*bytes)[at] = static_cast<char>((*bytes)[at] ^ 0x20);
  std::ofstream(file, std::ios::binary | std::ios::trunc) << *bytes;
}

}  // namespace

TEST_CASE("the facts live beside the snapshot; an index appends only the records that changed") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "shop";
  std::filesystem::copy(kShop, root, std::filesystem::copy_options::recursive);
  const std::filesystem::path database = dir.path() / "graph.trellis";
  const std::filesystem::path facts = facts_file_path(database);
  CHECK(facts == dir.path() / "graph.trellis.facts");
  IndexOptions options;
  options.root = root;
  REQUIRE(index_into_database(options, database).ok());
  const auto first_size = size_of(facts);
  CHECK(first_size > 1000);

  // Nothing changed: no record is written, only a new table (the start
  // time, then per file a record offset and a 40-byte stamp) and footer.
  auto unchanged = index_into_database(options, database);
  REQUIRE(unchanged.ok());
  CHECK(unchanged->previous_note.empty());
  const auto files = unchanged->indexed.report.files;
  // Files written less than 2 s before the first index are read again
  // (their stamps are too recent to vouch for them), found unchanged.
  CHECK(unchanged->indexed.report.files_read == files);
  CHECK(unchanged->indexed.report.files_reparsed == 0);
  const auto table_and_footer = 8 + files * (8 + 40) + 48;
  CHECK(size_of(facts) - first_size == table_and_footer);

  // A body edit: one record more, far less than the whole file again.
  const auto before_edit = size_of(facts);
  replace_in_file(root / "src/shop/util/log.py", "    print(message)\n", "    print(message)\n    print(message)\n");
  auto edited = index_into_database(options, database);
  REQUIRE(edited.ok());
  CHECK(edited->indexed.report.files_reparsed == 1);
  CHECK(edited->previous_note.empty());
  CHECK(size_of(facts) > before_edit + table_and_footer);
  CHECK(size_of(facts) < before_edit + first_size / 2);
  // ... and the next index reads the appended records back.
  auto again = index_into_database(options, database);
  REQUIRE(again.ok());
  CHECK(again->previous_note.empty());
  CHECK(again->indexed.report.files_reparsed == 0);
  CHECK(files_resolved_matching_a_full_index(root, database, dir.path() / "full.trellis") == 0);
}

TEST_CASE("a missing, stale or damaged facts file costs a full index, never a wrong graph") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "shop";
  std::filesystem::copy(kShop, root, std::filesystem::copy_options::recursive);
  const std::filesystem::path database = dir.path() / "graph.trellis";
  const std::filesystem::path scratch = dir.path() / "full.trellis";
  const std::filesystem::path facts = facts_file_path(database);
  const std::filesystem::path log = root / "src/shop/util/log.py";
  IndexOptions options;
  options.root = root;
  REQUIRE(index_into_database(options, database).ok());
  const std::filesystem::path old_facts = dir.path() / "old.facts";
  std::filesystem::copy_file(facts, old_facts);
  replace_in_file(log, "    print(message)\n", "    print(message)\n    print(message)\n");
  REQUIRE(index_into_database(options, database).ok());
  CHECK(files_resolved_matching_a_full_index(root, database, scratch) == 0);
  replace_in_file(log, "    print(message)\n    print(message)\n", "    print(message)\n    shout(message)\n");

  // Each way of spoiling the facts file, then an index of the edited tree.
  const auto full_index_after = [&](const std::function<void()>& spoil) {
    spoil();
    auto indexed = index_into_database(options, database);
    REQUIRE(indexed.ok());
    CHECK(indexed->indexed.report.files_reparsed == indexed->indexed.report.files);
    CHECK(indexed->previous_note.starts_with("previous snapshot's file facts not used"));
    // The graph is a full index's, and the facts file is usable again.
    const auto files_total = indexed->indexed.report.files;
    CHECK(files_resolved_matching_a_full_index(root, database, scratch) == 0);
    auto next = index_into_database(options, database);
    REQUIRE(next.ok());
    CHECK(next->previous_note.empty());
    CHECK(next->indexed.report.files_reparsed == 0);
    CHECK(next->indexed.report.files == files_total);
  };
  SUBCASE("missing") { full_index_after([&] { std::filesystem::remove(facts); }); }
  SUBCASE("stale: written for an earlier snapshot") {
    full_index_after([&] { std::filesystem::copy_file(old_facts, facts, std::filesystem::copy_options::overwrite_existing); });
  }
  SUBCASE("a record changed") { full_index_after([&] { flip_byte(facts, 100); }); }
  SUBCASE("the footer changed") { full_index_after([&] { flip_byte(facts, -20); }); }
  SUBCASE("the table changed") { full_index_after([&] { flip_byte(facts, -60); }); }
  SUBCASE("cut short") {
    full_index_after([&] { std::filesystem::resize_file(facts, size_of(facts) - 1); });
  }
  SUBCASE("empty") { full_index_after([&] { std::filesystem::resize_file(facts, 0); }); }
}

TEST_CASE("the facts file is written anew once superseded records would be most of it") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "big";
  std::filesystem::create_directories(root / "pkg");
  std::string big;
  for (int i = 0; i < 3000; ++i) big += "def f" + std::to_string(i) + "(x):\n    return g(x) + " + std::to_string(i) + "\n\n";
  std::ofstream(root / "pkg/big.py") << big;
  std::ofstream(root / "pkg/small.py") << "from pkg.big import f1\n\n\ndef g(x):\n    return f1(x)\n";
  const std::filesystem::path database = dir.path() / "graph.trellis";
  const std::filesystem::path facts = facts_file_path(database);
  IndexOptions options;
  options.root = root;
  REQUIRE(index_into_database(options, database).ok());
  const auto live = size_of(facts);
  REQUIRE(live > 200'000);
  bool rewritten = false;
  for (int run = 0; run < 12; ++run) {
    std::ofstream(root / "pkg/big.py", std::ios::app) << "\n";
    const auto before = size_of(facts);
    auto indexed = index_into_database(options, database);
    REQUIRE(indexed.ok());
    CHECK(indexed->previous_note.empty());
    CHECK(indexed->indexed.report.files_reparsed == 1);
    if (size_of(facts) < before) rewritten = true;
    CHECK(size_of(facts) <= 3 * live + (1u << 20));
  }
  CHECK(rewritten);
  CHECK(files_resolved_matching_a_full_index(root, database, dir.path() / "full.trellis") == 0);
}

TEST_CASE("a snapshot without cached facts (an imported graph) is replaced by a full index, silently") {
  const TempDir dir;
  const std::filesystem::path database = dir.path() / "graph.trellis";
  REQUIRE(save_snapshot(Snapshot{}, database).ok());
  IndexOptions options;
  options.root = kShop;
  auto indexed = index_into_database(options, database);
  REQUIRE(indexed.ok());
  CHECK(indexed->indexed.report.files_reparsed == indexed->indexed.report.files);
  CHECK(indexed->previous_note.empty());
  auto again = index_into_database(options, database);
  REQUIRE(again.ok());
  CHECK(again->indexed.report.files_reparsed == 0);
}

TEST_CASE("a save that fails is the index's error, and the previous snapshot stays") {
  const TempDir dir;
  const std::filesystem::path database = dir.path() / "graph.trellis";
  IndexOptions options;
  options.root = kShop;
  REQUIRE(index_into_database(options, database).ok());
  auto before = read_file(database);
  REQUIRE(before.ok());
  // A folder where the facts file goes: it cannot be read, nor replaced.
  const std::filesystem::path facts = facts_file_path(database);
  std::filesystem::remove(facts);
  std::filesystem::create_directories(facts / "inside");

  auto indexed = index_into_database(options, database);
  REQUIRE_FALSE(indexed.ok());
  CHECK(indexed.error().code == ErrorCode::DatabaseError);
  CHECK(indexed.error().message.find("cannot save facts file") != std::string::npos);
  auto after = read_file(database);
  REQUIRE(after.ok());
  CHECK(*after == *before);
}

TEST_CASE("index_repository hands its finished result to persist, and persist's error is its own") {
  IndexOptions options;
  options.root = kShop;
  std::size_t nodes_seen = 0;
  std::size_t records_seen = 0;
  options.persist = [&](IndexResult& result) -> Status {
    nodes_seen = result.store.node_count();
    records_seen = result.encoded_facts.size();
    return make_error(ErrorCode::DatabaseError, "disk full");
  };
  auto indexed = index_repository(options);
  REQUIRE_FALSE(indexed.ok());
  CHECK(indexed.error().message == "disk full");
  options.persist = nullptr;
  auto plain = index_repository(options);
  REQUIRE(plain.ok());
  CHECK(nodes_seen == plain->store.node_count());
  CHECK(nodes_seen > 0);
  CHECK(records_seen == plain->report.files);
}

TEST_CASE("files whose stamps the facts file vouches for are not read again, yet every write is seen") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "shop";
  std::filesystem::copy(kShop, root, std::filesystem::copy_options::recursive);
  const std::filesystem::path database = dir.path() / "graph.trellis";
  IndexOptions options;
  options.root = root;
  // A stamp is trusted when more than 2 s older than the index that
  // recorded it: the copy has to age first.
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));
  auto first = index_into_database(options, database);
  REQUIRE(first.ok());
  const std::size_t files = first->indexed.report.files;
  CHECK(first->indexed.report.files_read == files);

  auto unchanged = index_into_database(options, database);
  REQUIRE(unchanged.ok());
  CHECK(unchanged->previous_note.empty());
  CHECK(unchanged->indexed.report.files_read == 0);
  CHECK(unchanged->indexed.report.files_reparsed == 0);

  // The same size and the old modification time put back: the change time,
  // which no one can set, still tells the file was written.
  const std::filesystem::path log = root / "src/shop/util/log.py";
  struct stat before {};
  REQUIRE(::stat(log.c_str(), &before) == 0);
  replace_in_file(log, "def get(key):", "def got(key):");
  const timespec times[2] = {before.st_atim, before.st_mtim};
  REQUIRE(::utimensat(AT_FDCWD, log.c_str(), times, 0) == 0);
  struct stat after {};
  REQUIRE(::stat(log.c_str(), &after) == 0);
  REQUIRE(after.st_size == before.st_size);
  auto edited = index_into_database(options, database);
  REQUIRE(edited.ok());
  CHECK(edited->indexed.report.files_read == 1);
  CHECK(edited->indexed.report.files_reparsed == 1);
  CHECK(edited->indexed.store.find(Label::Function, "shop.util.log.got").has_value());
  CHECK_FALSE(edited->indexed.store.find(Label::Function, "shop.util.log.get").has_value());
  // ... and what it wrote is what a first index of the tree writes.
  files_resolved_matching_a_full_index(root, database, dir.path() / "full.trellis");
}

TEST_CASE("an empty tree indexes, and re-indexes from its own (empty) facts file") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "empty";
  std::filesystem::create_directories(root);
  const std::filesystem::path database = dir.path() / "graph.trellis";
  IndexOptions options;
  options.root = root;
  auto first = index_into_database(options, database);
  REQUIRE(first.ok());
  CHECK(first->indexed.report.files == 0);
  CHECK(std::filesystem::exists(facts_file_path(database)));
  auto again = index_into_database(options, database);
  REQUIRE(again.ok());
  CHECK(again->previous_note.empty());
  CHECK(again->indexed.report.files == 0);
}

TEST_CASE(
    "each one-file edit, re-indexed over the last snapshot, writes what a full index of the tree "
    "writes") {
  // Python, TypeScript and Go files with docstrings (the full-text index's
  // name and doc words), and a C# class two files define.
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "search";
  std::filesystem::copy(std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures/search", root,
                        std::filesystem::copy_options::recursive);
  std::ofstream(root / "Cart.cs")
      << "namespace Shop {\n  /// <summary>The basket of a shopper.</summary>\n"
         "  public partial class Cart {\n    public int Apples() { return 1; }\n  }\n}\n";
  std::ofstream(root / "CartTotals.cs") << "namespace Shop {\n  public partial class Cart {\n"
                                           "    /// <summary>Adds up the prices.</summary>\n"
                                           "    public int Total() { return Apples(); }\n  }\n}\n";
  const std::filesystem::path database = dir.path() / "graph.trellis";
  const std::filesystem::path scratch = dir.path() / "full.trellis";
  const std::filesystem::path refunds = root / "py/billing/refunds.py";
  IndexOptions options;
  options.root = root;
  REQUIRE(index_into_database(options, database).ok());

  // The edit, then an incremental index that must keep some nodes' words
  // from the previous snapshot and equal a full index, byte for byte.
  const auto check = [&](const std::function<void()>& edit) {
    edit();
    auto incremental = index_into_database(options, database);
    REQUIRE(incremental.ok());
    CHECK(incremental->indexed.report.files_reparsed <= 1);
    CHECK(incremental->indexed.report.search_nodes_reused > 0);
    std::filesystem::remove(scratch);
    auto full = index_into_database(options, scratch);
    REQUIRE(full.ok());
    CHECK(full->indexed.report.search_nodes_reused == 0);
    auto a = read_file(database);
    auto b = read_file(scratch);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    CHECK(*a == *b);
  };
  SUBCASE("an edited body: new words in a comment and a string") {
    check([&] {
      replace_in_file(refunds, "# write the ledger entry first",
                      "# write the audit journal entry first");
    });
    check([&] { replace_in_file(refunds, "return \"receipt\"", "return \"stamped receipt\""); });
  }
  SUBCASE(
      "an edited declaration: a renamed function, a new documented method, a reworded docstring") {
    check([&] {
      replace_in_file(refunds, "def retry_with_backoff(task):", "def retry_politely(task):");
    });
    check([&] {
      replace_in_file(refunds, "    def charge_card(self, card, amount):",
                      "    def void_charge(self, receipt):\n        \"\"\"Undo a charge before "
                      "settlement.\"\"\"\n"
                      "        return None\n\n    def charge_card(self, card, amount):");
    });
    check([&] {
      replace_in_file(refunds, "Talks to the card processor.", "Speaks with the acquiring bank.");
    });
  }
  SUBCASE("a file added, removed, renamed") {
    check([&] {
      std::ofstream(root / "py/billing/coupons.py")
          << "def apply_coupon(code):\n    \"\"\"Take a discount off.\"\"\"\n"
             "    return code\n";
    });
    check([&] { std::filesystem::remove(root / "go/ledger/ledger.go"); });
    check([&] {
      std::filesystem::rename(root / "ts/src/http/client.ts", root / "ts/src/http/transport.ts");
    });
  }
  SUBCASE("a class two files define: one part's words change, then it leaves") {
    check([&] {
      replace_in_file(root / "CartTotals.cs", "Adds up the prices.", "Sums the prices with tax.");
    });
    check([&] {
      replace_in_file(root / "Cart.cs", "The basket of a shopper.", "What a shopper buys.");
    });
    check([&] { replace_in_file(root / "CartTotals.cs", "partial class Cart", "class Totals"); });
  }
}
