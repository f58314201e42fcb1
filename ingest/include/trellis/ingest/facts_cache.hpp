// The facts of every indexed file, kept in the snapshot (section
// "extra.ingest.facts") with each file's content hash, so the next
// `trellis index` re-parses only files whose content changed. With them, for
// languages that resolve incrementally, each file's resolved edges and
// interface digest, so the next index re-resolves only what an edit can
// change. Either way the graph equals a full index of the same tree.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/ingest/file_facts.hpp"
#include "trellis/ingest/program_graph.hpp"

namespace trellis::ingest {

inline constexpr const char* kFactsSection = "ingest.facts";

// How one file resolved last time (see LanguageFrontend::interface_digest).
struct ResolvedFile {
  std::uint32_t index = 0;  // the file's index among its language's files
  std::uint64_t interface_digest = 0;
  FileEdgeSlice edges;  // file indices local to the language
};

struct CachedFile {
  std::uint64_t content_hash = 0;  // XXH3 of the file's bytes
  FileFacts facts;
  std::optional<ResolvedFile> resolved;
  // The facts as encoded, inside the bytes decode_facts read: an unchanged
  // file's facts are copied into the next snapshot, not encoded again.
  std::span<const std::byte> encoded_facts;
  // facts.calls is left empty by decode_facts (only resolution reads call
  // sites): decode_calls fills it from these bytes when they are needed.
  std::span<const std::byte> encoded_calls;
};

// Facts by relative path.
using FactsCache = std::unordered_map<std::string, CachedFile>;

// Bytes that decode_facts turns back into the same files; deterministic.
// `resolved` is parallel to `files` (or empty: nothing resolved kept).
// `reused[i]`, when not empty, is files[i] with hashes[i] as encoded before
// (CachedFile::encoded_facts) and is copied instead of encoding them again.
std::vector<std::byte> encode_facts(std::span<const FileFacts> files, std::span<const std::uint64_t> hashes,
                                    std::span<const std::optional<ResolvedFile>> resolved = {},
                                    std::span<const std::span<const std::byte>> reused = {});

// DATABASE_ERROR when the bytes are not what encode_facts writes. The
// cache's encoded_facts and encoded_calls view `bytes`, which must outlive
// it. Call sites are not decoded (see CachedFile::encoded_calls).
Result<FactsCache> decode_facts(std::span<const std::byte> bytes);

// Fills facts.calls (facts: `cached`'s facts, wherever they now live) from
// cached.encoded_calls; DATABASE_ERROR when those bytes are damaged.
Status decode_calls(const CachedFile& cached, FileFacts& facts);

std::uint64_t content_hash(std::string_view bytes);

}  // namespace trellis::ingest
