#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "support/temp_dir.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/ingest/index_repository.hpp"
#include "trellis/store/snapshot.hpp"

using namespace trellis;
using namespace trellis::ingest;

namespace {

const std::filesystem::path kShopTree = std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures/python/shop";

// Every node and edge, in id order: equal dumps mean equal stores.
std::string dump(const GraphStore& store) {
  std::string out;
  for (NodeId n = 0; n < store.node_count(); ++n) {
    out += std::string(to_string(store.label(n))) + " " + store.qualified_name(n) + "\n";
  }
  for (const RelTypeDef& def : all_rel_types()) {
    for (NodeId n = 0; n < store.node_count(); ++n) {
      for (const NodeId m : store.out(def.type, n)) out += std::string(def.name) + " " + std::to_string(n) + " " + std::to_string(m) + "\n";
    }
  }
  return out;
}

}  // namespace

TEST_CASE("index_repository indexes a tree end to end and reports what it did") {
  IndexOptions options;
  options.root = kShopTree;
  auto indexed = index_repository(options);
  REQUIRE(indexed.ok());
  const GraphStore& store = indexed->store;
  const IndexReport& report = indexed->report;
  CHECK(report.files == 15);
  CHECK(report.lines > 100);
  CHECK(report.unresolved_calls == store.unresolved_call_count());
  CHECK(report.unresolved_calls > 0);
  CHECK(store.find(Label::Project, "shop").has_value());
  CHECK(store.find(Label::Method, "shop.models.User.validate").has_value());
  CHECK(store.node_count(Label::Project) == 1);
  // Every node but the project is contained by the project.
  const NodeId project = *store.find(Label::Project, "shop");
  CHECK(store.out(RelType::Contains, project).size() == store.node_count() - 1 - store.node_count(Label::ExternalPackage));
  // The file with a syntax error is reported, not fatal.
  const bool warned = std::any_of(report.warnings.begin(), report.warnings.end(),
                                  [](const FileWarning& w) { return w.relative_path == "src/shop/broken.py"; });
  CHECK(warned);
}

TEST_CASE("index_repository writes byte-identical snapshots with one thread and with two") {
  IndexOptions one;
  one.root = kShopTree;
  one.jobs = 1;
  IndexOptions two = one;
  two.jobs = 2;
  auto a = index_repository(one);
  auto b = index_repository(two);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(dump(a->store) == dump(b->store));
  const TempDir dir;
  REQUIRE(save_snapshot(Snapshot{a->store, {}}, dir.path() / "one.trellis").ok());
  REQUIRE(save_snapshot(Snapshot{b->store, {}}, dir.path() / "two.trellis").ok());
  const auto one_thread = read_file(dir.path() / "one.trellis");
  const auto two_threads = read_file(dir.path() / "two.trellis");
  REQUIRE(one_thread.ok());
  REQUIRE(two_threads.ok());
  CHECK(one_thread->size() > 1000);
  CHECK(*one_thread == *two_threads);
}

TEST_CASE("index_repository refuses a root that does not exist") {
  IndexOptions options;
  options.root = kShopTree / "no-such-folder";
  auto indexed = index_repository(options);
  REQUIRE_FALSE(indexed.ok());
  CHECK(indexed.error().code == ErrorCode::InvalidArgument);
}

TEST_CASE("re-indexing parses only changed files and gives the graph a full index gives") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "shop";
  std::filesystem::copy(kShopTree, root, std::filesystem::copy_options::recursive);
  IndexOptions options;
  options.root = root;
  auto first = index_repository(options);
  REQUIRE(first.ok());
  CHECK(first->report.files_reparsed == first->report.files);

  // Change one file, delete another, add a third.
  {
    std::ofstream out(root / "src/shop/util/log.py", std::ios::app);
    out << "\n\ndef added_later():\n    return log('late')\n";
  }
  std::filesystem::remove(root / "src/shop/cycle_b.py");
  {
    std::ofstream out(root / "src/shop/fresh.py");
    out << "from shop.util.log import added_later\n\n\ndef go():\n    return added_later()\n";
  }
  auto cache = decode_facts(first->encoded_facts);
  REQUIRE(cache.ok());
  options.previous = &cache.value();
  auto second = index_repository(options);
  REQUIRE(second.ok());
  CHECK(second->report.files_reparsed == 2);  // log.py and fresh.py
  const GraphStore& store = second->store;
  CHECK_FALSE(store.find(Label::Module, "shop.cycle_b").has_value());
  REQUIRE(store.find(Label::Function, "shop.fresh.go").has_value());
  const NodeId go = *store.find(Label::Function, "shop.fresh.go");
  const NodeId added = *store.find(Label::Function, "shop.util.log.added_later");
  REQUIRE(store.out(RelType::Calls, go).size() == 1);
  CHECK(store.out(RelType::Calls, go)[0] == added);
  // cycle_a's call into the deleted module is no longer an edge.
  const NodeId a = *store.find(Label::Function, "shop.cycle_a.a");
  CHECK(store.out(RelType::Calls, a).empty());

  IndexOptions fresh;
  fresh.root = root;
  auto full = index_repository(fresh);
  REQUIRE(full.ok());
  CHECK(dump(full->store) == dump(store));
  CHECK(full->encoded_facts == second->encoded_facts);
}
