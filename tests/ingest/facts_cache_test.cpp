#include <doctest/doctest.h>

#include <filesystem>

#include "trellis/ingest/facts_cache.hpp"
#include "trellis/ingest/index_repository.hpp"

using namespace trellis;
using namespace trellis::ingest;

TEST_CASE("cached file facts decode to what was indexed, and damaged bytes are refused") {
  IndexOptions options;
  options.root = std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures/python/shop";
  auto indexed = index_repository(options);
  REQUIRE(indexed.ok());
  const std::vector<std::byte>& bytes = indexed->encoded_facts;
  auto cache = decode_facts(bytes);
  REQUIRE(cache.ok());
  CHECK(cache->size() == indexed->report.files);
  const CachedFile& models = cache->at("src/shop/models.py");
  REQUIRE(models.facts.definitions.size() >= 3);
  CHECK(models.facts.definitions[0].name == "Base");
  CHECK(models.content_hash != 0);

  // Call sites wait in their bytes until resolution needs them.
  const CachedFile& auth = cache->at("src/shop/services/auth.py");
  FileFacts facts = auth.facts;
  CHECK(facts.calls.empty());
  REQUIRE(decode_calls(auth, facts).ok());
  REQUIRE(facts.calls.size() > 10);
  CHECK(facts.calls.back().text == "main");  // the module-level `main()` at its end
  CachedFile damaged_calls = auth;
  damaged_calls.encoded_calls = auth.encoded_calls.first(auth.encoded_calls.size() - 1);
  const Status refused = decode_calls(damaged_calls, facts);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().code == ErrorCode::DatabaseError);

  // Every truncation and a flipped version are refused without a crash.
  for (std::size_t cut = 0; cut < bytes.size(); cut += 97) {
    const auto damaged = decode_facts(std::span(bytes.data(), cut));
    REQUIRE_FALSE(damaged.ok());
    CHECK(damaged.error().code == ErrorCode::DatabaseError);
  }
  std::vector<std::byte> other_version = bytes;
  other_version[0] = std::byte{0x7F};
  CHECK_FALSE(decode_facts(other_version).ok());
  std::vector<std::byte> trailing = bytes;
  trailing.push_back(std::byte{0});
  CHECK_FALSE(decode_facts(trailing).ok());
}
