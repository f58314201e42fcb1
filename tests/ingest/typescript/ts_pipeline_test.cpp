// The TypeScript frontend in the pipeline: snapshots independent of the
// thread count, facts cached and re-read with every field TypeScript uses.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

#include "support/temp_dir.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/ingest/facts_cache.hpp"
#include "trellis/ingest/index_repository.hpp"
#include "trellis/store/snapshot.hpp"

using namespace trellis;
using namespace trellis::ingest;

namespace {

std::filesystem::path fixture(const char* name) {
  return std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures" / name;
}

std::string snapshot_bytes(const GraphStore& store, const std::filesystem::path& path) {
  REQUIRE(save_snapshot(Snapshot{store, {}}, path).ok());
  auto bytes = read_file(path);
  REQUIRE(bytes.ok());
  return std::move(bytes).value();
}

const Definition& definition(const FileFacts& facts, std::string_view name) {
  const auto it = std::find_if(facts.definitions.begin(), facts.definitions.end(),
                               [&](const Definition& d) { return d.name == name; });
  REQUIRE(it != facts.definitions.end());
  return *it;
}

}  // namespace

TEST_CASE("typescript and javascript: snapshots are byte-identical with one thread and with three") {
  for (const char* name : {"typescript/shop", "javascript/cjs"}) {
    IndexOptions one;
    one.root = fixture(name);
    one.jobs = 1;
    IndexOptions three = one;
    three.jobs = 3;
    auto a = index_repository(one);
    auto b = index_repository(three);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    const TempDir dir;
    const auto first = snapshot_bytes(a->store, dir.path() / "one.trellis");
    CHECK(first.size() > 1000);
    CHECK(first == snapshot_bytes(b->store, dir.path() / "three.trellis"));
    CHECK(a->encoded_facts == b->encoded_facts);
  }
}

TEST_CASE("typescript: cached facts keep implements, abstract, accessor and re-export marks; a re-index from them is the same graph") {
  IndexOptions options;
  options.root = fixture("typescript/shop");
  auto indexed = index_repository(options);
  REQUIRE(indexed.ok());
  auto cache = decode_facts(indexed->encoded_facts);
  REQUIRE(cache.ok());
  const FileFacts& user = cache->at("src/models/user.ts").facts;
  CHECK(user.language == "typescript");
  const Definition& klass = definition(user, "User");
  REQUIRE(klass.implements.size() == 1);
  CHECK(klass.implements[0] == LinkChain{{Link::Kind::Name, "Named"}});
  CHECK(klass.bases[0] == LinkChain{{Link::Kind::Name, "Entity"}});
  CHECK(definition(user, "profile").is_accessor);
  CHECK_FALSE(definition(user, "validate").is_accessor);
  CHECK(definition(cache->at("src/models/base.ts").facts, "Entity").is_abstract);
  const FileFacts& util = cache->at("src/util/index.ts").facts;
  REQUIRE(util.imports.size() == 3);
  CHECK(std::all_of(util.imports.begin(), util.imports.end(), [](const Import& i) { return i.reexport; }));
  CHECK(util.imports[1].name == "format");
  CHECK(util.imports[1].alias == "fmt");
  CHECK(util.imports[1].module == "./format");

  IndexOptions again = options;
  again.previous = &*cache;
  auto reindexed = index_repository(again);
  REQUIRE(reindexed.ok());
  CHECK(reindexed->report.files_reparsed == 0);
  const TempDir dir;
  CHECK(snapshot_bytes(indexed->store, dir.path() / "full.trellis") ==
        snapshot_bytes(reindexed->store, dir.path() / "cached.trellis"));
}
