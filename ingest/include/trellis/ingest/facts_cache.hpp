// The facts of every indexed file, kept in the snapshot (section
// "extra.ingest.facts") with each file's content hash, so the next
// `trellis index` re-parses only files whose content changed. Resolution and
// the store are then rebuilt from all facts, so the graph equals a full index.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest {

inline constexpr const char* kFactsSection = "ingest.facts";

struct CachedFile {
  std::uint64_t content_hash = 0;  // XXH3 of the file's bytes
  FileFacts facts;
};

// Facts by relative path.
using FactsCache = std::unordered_map<std::string, CachedFile>;

// Bytes that decode_facts turns back into the same files; deterministic.
std::vector<std::byte> encode_facts(std::span<const FileFacts> files, std::span<const std::uint64_t> hashes);

// DATABASE_ERROR when the bytes are not what encode_facts writes.
Result<FactsCache> decode_facts(std::span<const std::byte> bytes);

std::uint64_t content_hash(std::string_view bytes);

}  // namespace trellis::ingest
