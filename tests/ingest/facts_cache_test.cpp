#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
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
  const std::vector<EncodedFile>& files = indexed->encoded_facts;
  auto cache = decode_facts(files);
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

  // The manifest alone lists the files and their content hashes.
  const std::vector<std::byte> manifest = encode_manifest(files);
  auto listed = decode_facts(manifest);
  REQUIRE(listed.ok());
  CHECK(listed->size() == files.size());
  CHECK(listed->at("src/shop/models.py").content_hash == models.content_hash);
  CHECK(listed->at("src/shop/models.py").facts.definitions.empty());

  // Every truncation of the manifest and a flipped version are refused without a crash.
  for (std::size_t cut = 0; cut < manifest.size(); cut += 7) {
    const auto damaged = decode_manifest(std::span(manifest.data(), cut));
    REQUIRE_FALSE(damaged.ok());
    CHECK(damaged.error().code == ErrorCode::DatabaseError);
  }
  std::vector<std::byte> other_version = manifest;
  other_version[0] = std::byte{0x7F};
  CHECK_FALSE(decode_manifest(other_version).ok());
  std::vector<std::byte> trailing = manifest;
  trailing.push_back(std::byte{0});
  CHECK_FALSE(decode_manifest(trailing).ok());

  // A record that does not match its manifest entry is refused: cut, one
  // byte changed, or another file's.
  auto entries = decode_manifest(manifest);
  REQUIRE(entries.ok());
  std::vector<std::span<const std::byte>> records;
  for (const EncodedFile& file : files) records.push_back(file.bytes());
  const std::vector<std::uint64_t> offsets(files.size(), kNoRecordOffset);
  REQUIRE(decode_records(*entries, records, offsets).ok());
  // A record: [u64 n][n bytes of facts][u64 m][u64 XXH3 of the calls][m bytes of calls][edges].
  const std::size_t i = 1;
  const auto u64_at = [&](std::span<const std::byte> bytes, std::size_t at) {
    std::uint64_t value = 0;
    std::memcpy(&value, bytes.data() + at, sizeof value);
    return value;
  };
  const std::size_t facts_bytes = u64_at(records[i], 0);
  const std::size_t calls_at = 24 + facts_bytes;
  REQUIRE(u64_at(records[i], 8 + facts_bytes) > 0);  // the file has call sites
  std::vector<std::byte> changed_facts(records[i].begin(), records[i].end());
  changed_facts[8 + facts_bytes / 2] ^= std::byte{1};
  std::vector<std::byte> changed_edges(records[i].begin(), records[i].end());
  changed_edges.back() ^= std::byte{1};
  for (const std::span<const std::byte> bad :
       {records[i].first(records[i].size() - 1), std::span<const std::byte>(changed_facts),
        std::span<const std::byte>(changed_edges), records[0]}) {
    auto damaged_records = records;
    damaged_records[i] = bad;
    const auto refused_record = decode_records(*entries, damaged_records, offsets);
    REQUIRE_FALSE(refused_record.ok());
    CHECK(refused_record.error().code == ErrorCode::DatabaseError);
  }
  // A changed byte among the call sites passes the record's checksum (they
  // are not read then) and is refused when they are decoded.
  std::vector<std::byte> changed_calls(records[i].begin(), records[i].end());
  changed_calls[calls_at + 1] ^= std::byte{1};
  auto damaged_records = records;
  damaged_records[i] = changed_calls;
  auto read_anyway = decode_records(*entries, damaged_records, offsets);
  REQUIRE(read_anyway.ok());
  const CachedFile& damaged_file = read_anyway->at(files[i].relative_path);
  FileFacts damaged_facts = damaged_file.facts;
  const Status calls_refused = decode_calls(damaged_file, damaged_facts);
  REQUIRE_FALSE(calls_refused.ok());
  CHECK(calls_refused.error().code == ErrorCode::DatabaseError);
}

namespace {

FileFacts facts_with_assignments() {
  FileFacts facts;
  facts.relative_path = "pkg/mod.py";
  facts.language = "python";
  Definition service;
  service.label = Label::Class;
  service.name = "Service";
  facts.definitions.push_back(service);
  Assignment made;
  made.line = 3;
  made.target = {{Link::Kind::Name, "svc"}};
  made.value = {{Link::Kind::Name, "Service"}, {Link::Kind::Call, ""}};
  Assignment annotated;
  annotated.scope = 0;
  annotated.line = 7;
  annotated.target = {{Link::Kind::Name, "self"}, {Link::Kind::Attribute, "repo"}};
  annotated.annotation = {{Link::Kind::Name, "Repo"}};
  facts.assignments = {made, annotated};
  return facts;
}

bool same_assignments(const std::vector<Assignment>& a, const std::vector<Assignment>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const Assignment& x, const Assignment& y) {
    return x.scope == y.scope && x.line == y.line && x.target == y.target && x.value == y.value &&
           x.annotation == y.annotation;
  });
}

}  // namespace

TEST_CASE("cached assignments are checked when read and decoded on first use, to the same values") {
  const FileFacts original = facts_with_assignments();
  const std::vector<FileFacts> files{original};
  const std::vector<std::uint64_t> hashes{42};
  const std::vector<EncodedFile> encoded = encode_facts(files, hashes);
  auto cache = decode_facts(encoded);
  REQUIRE(cache.ok());
  const FileFacts& read = cache->at("pkg/mod.py").facts;
  CHECK(read.assignments.empty());
  REQUIRE(read.deferred_assignments != nullptr);
  CHECK(same_assignments(read.all_assignments(), original.assignments));
  CHECK(&read.all_assignments() == &read.all_assignments());  // decoded once

  // Encoding deferred facts writes the same bytes as the extracted ones.
  const std::vector<FileFacts> again{read};
  CHECK(encode_facts(again, hashes) == encoded);

  // A file without assignments defers nothing.
  FileFacts none = original;
  none.assignments.clear();
  auto plain = decode_facts(encode_facts(std::vector<FileFacts>{none}, hashes));
  REQUIRE(plain.ok());
  CHECK(plain->at("pkg/mod.py").facts.deferred_assignments == nullptr);

  // An assignment in a scope the file does not have is refused on reading,
  // not when first used.
  FileFacts bad = original;
  bad.assignments[1].scope = 5;
  const auto refused = decode_facts(encode_facts(std::vector<FileFacts>{bad}, hashes));
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().code == ErrorCode::DatabaseError);
}
