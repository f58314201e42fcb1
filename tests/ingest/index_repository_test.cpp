#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "support/temp_dir.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/ingest/index_repository.hpp"
#include "trellis/store/snapshot.hpp"

using namespace trellis;
using namespace trellis::ingest;

namespace {

const std::filesystem::path kShop = std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures/python/shop";

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
  options.root = kShop;
  auto indexed = index_repository(options);
  REQUIRE(indexed.ok());
  const GraphStore& store = indexed->store;
  const IndexReport& report = indexed->report;
  CHECK(report.files == 14);
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
  one.root = kShop;
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
  options.root = kShop / "no-such-folder";
  auto indexed = index_repository(options);
  REQUIRE_FALSE(indexed.ok());
  CHECK(indexed.error().code == ErrorCode::InvalidArgument);
}
