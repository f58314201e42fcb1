// The facts of every indexed file, kept between runs with each file's
// content hash, so the next `trellis index` re-parses only files whose
// content changed. With them, for languages that resolve incrementally, each
// file's resolved edges and interface digest, so the next index re-resolves
// only what an edit can change. Either way the graph equals a full index of
// the same tree.
//
// Each file's facts are one record: [u64 n][n bytes: facts but calls]
// [u64 m][u64 XXH3 of the call sites][m bytes: call sites][resolved
// edges]. The snapshot keeps the manifest (section "extra.ingest.facts"):
// the codec version, then per file in index order its path, content hash,
// and its record's size and checksum (of all but the call sites, which
// their own XXH3 covers when they are decoded).
// The records themselves live in the facts file beside the snapshot
// (facts_file.hpp), checked against the manifest when read.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/ingest/discover.hpp"
#include "trellis/ingest/file_facts.hpp"
#include "trellis/ingest/program_graph.hpp"

namespace trellis::ingest {

inline constexpr const char* kFactsSection = "ingest.facts";

// How one file resolved last time (see LanguageFrontend::interface_digest).
struct ResolvedFile {
  std::uint32_t index = 0;  // the file's index among its language's files
  std::uint64_t interface_digest = 0;
  std::uint64_t context_digest = 0;  // LanguageFrontend::context_digest when it was resolved
  FileEdgeSlice edges;  // file indices local to the language
  // The names the file's resolution reads (LanguageFrontend::used_names).
  std::vector<std::uint32_t> used_names;
};

inline constexpr std::uint64_t kNoRecordOffset = ~std::uint64_t{0};

struct CachedFile {
  std::uint64_t content_hash = 0;  // XXH3 of the file's bytes
  FileFacts facts;
  std::optional<ResolvedFile> resolved;
  // The whole record as read (it views bytes owned by whoever read it), its
  // XXH3, and where it lies in the facts file it came from.
  std::span<const std::byte> record;
  std::uint64_t record_checksum = 0;
  std::uint64_t record_offset = kNoRecordOffset;
  // The record's leading part (facts and call sites): an unchanged file's
  // is copied into the next index, not encoded again.
  std::span<const std::byte> encoded_facts;
  // facts.calls is left empty when records are decoded (only resolution
  // reads call sites): decode_calls fills it from these bytes when needed.
  std::span<const std::byte> encoded_calls;
  std::uint64_t calls_checksum = 0;  // XXH3 of encoded_calls, as the record gives it
  // The file's stamp when the facts file vouches for it (recorded when the
  // content was read, and older than the index that read it by a margin):
  // a file found with this stamp is unchanged and is not read again.
  std::optional<FileStamp> trusted_stamp;
  bool had_invalid_utf8 = false;  // its bytes were repaired when last read
};

// Facts by relative path.
using FactsCache = std::unordered_map<std::string, CachedFile>;

// One file's record for the next index: encoded this time, or kept as the
// previous index wrote it (then `kept` views the previous record).
struct EncodedFile {
  std::string relative_path;
  std::uint64_t content_hash = 0;
  std::vector<std::byte> fresh;
  std::span<const std::byte> kept;
  std::uint64_t kept_offset = kNoRecordOffset;  // in the previous facts file, when known
  std::uint64_t checksum = 0;                   // the record checksum of bytes()
  // For the facts file, not the record: the file's stamp when its content
  // was read this time, and whether that content had invalid UTF-8.
  FileStamp stamp;
  bool had_invalid_utf8 = false;

  std::span<const std::byte> bytes() const { return kept.empty() ? std::span<const std::byte>(fresh) : kept; }
  // Same file, hash and record bytes.
  friend bool operator==(const EncodedFile& a, const EncodedFile& b) {
    return a.relative_path == b.relative_path && a.content_hash == b.content_hash && a.checksum == b.checksum &&
           std::ranges::equal(a.bytes(), b.bytes());
  }
};

// Deterministic records of `files`. `resolved` is parallel to `files` (or
// empty: nothing resolved kept). `previous[i]`, when not null, is the cache
// entry files[i] came from unchanged (with hashes[i]): its facts are copied
// rather than encoded again, and its whole record is kept when the resolved
// edges are the same too: known when `same_resolution[i] != 0` (resolved[i]
// is the cached one), else found by comparing their encodings.
std::vector<EncodedFile> encode_facts(std::span<const FileFacts> files, std::span<const std::uint64_t> hashes,
                                      std::span<const std::optional<ResolvedFile>> resolved = {},
                                      std::span<const CachedFile* const> previous = {},
                                      std::span<const std::uint8_t> same_resolution = {});

// The snapshot's manifest of `files` (deterministic).
std::vector<std::byte> encode_manifest(std::span<const EncodedFile> files);

// One file as the manifest lists it.
struct ManifestEntry {
  std::string relative_path;
  std::uint64_t content_hash = 0;
  std::uint64_t record_bytes = 0;
  std::uint64_t record_checksum = 0;
};

// DATABASE_ERROR when the bytes are not what encode_manifest writes (or
// another codec version wrote them).
Result<std::vector<ManifestEntry>> decode_manifest(std::span<const std::byte> manifest);

// The files a manifest lists with their content hashes (facts hold only the
// relative path): what was indexed, without reading the facts file.
Result<FactsCache> decode_facts(std::span<const std::byte> manifest);

// Decodes the records of the files `manifest` lists: records[i] (found at
// offsets[i] of the facts file, or kNoRecordOffset) is the i-th file's. Each
// must match its manifest entry's size and checksum. DATABASE_ERROR when one
// does not or its bytes are damaged. The cache views `records`, which must
// outlive it. Call sites are not decoded (see CachedFile::encoded_calls).
Result<FactsCache> decode_records(std::span<const ManifestEntry> manifest,
                                  std::span<const std::span<const std::byte>> records,
                                  std::span<const std::uint64_t> offsets);

// Decodes what encode_facts returned (viewing it): the round trip.
Result<FactsCache> decode_facts(std::span<const EncodedFile> files);

// Fills facts.calls (facts: `cached`'s facts, wherever they now live) from
// cached.encoded_calls; DATABASE_ERROR when those bytes are damaged.
Status decode_calls(const CachedFile& cached, FileFacts& facts);

std::uint64_t content_hash(std::string_view bytes);

}  // namespace trellis::ingest
