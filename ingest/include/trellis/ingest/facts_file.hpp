// The facts file: the records of the files a snapshot's manifest lists
// (facts_cache.hpp), kept beside the snapshot at "<snapshot>.facts" so that
// an index rewrites only the records that changed, not the whole cache.
//
// It is a cache, not the graph: written without fsync, and a missing,
// stale or damaged file only costs a full index. Every record read is
// checked against the size and XXH3 the snapshot's manifest gives it, and
// the footer names the XXH3 of the manifest it was written with.
//
// Layout (little-endian): a 16-byte header (magic "TRFACTS\0", u32 format
// version, u32 zero); records, anywhere after it; then the table of the
// latest write: i64 time the index started (ns since the epoch), the u64
// offset of each listed file's record, then each file's stamp (u64 size,
// i64 mtime ns, i64 ctime ns, u64 inode, u64 flags: bit 0 invalid UTF-8
// repaired), both in manifest order; and a 48-byte footer ending the file:
// u64 table offset, u64 file count, u64 XXH3 of the table, u64 XXH3 of the
// manifest, 8-byte magic "TRFACTS\0", u64 XXH3 of the footer's first 40
// bytes.
//
// A file's stamp is trusted (CachedFile::trusted_stamp) when both its times
// are more than 2 s older than the start of the index that recorded it: a
// later write then changes one of them.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>

#include "trellis/common/error.hpp"
#include "trellis/ingest/facts_cache.hpp"

namespace trellis::ingest {

// "<snapshot>.facts".
std::filesystem::path facts_file_path(const std::filesystem::path& snapshot);

// A facts file as read: its records decoded into a cache that views the
// file's mapping, kept while the object lives.
class FactsFile {
 public:
  // Reads the facts file at `path` and decodes the records `manifest`
  // lists. DATABASE_ERROR when there is no file, or it is damaged, or it
  // was not written with this manifest.
  static Result<FactsFile> read(const std::filesystem::path& path,
                                std::span<const std::byte> manifest);

  FactsFile(FactsFile&&) noexcept;
  FactsFile& operator=(FactsFile&&) noexcept;
  ~FactsFile();

  FactsCache& cache() { return cache_; }
  std::uint64_t file_bytes() const { return file_bytes_; }

 private:
  class Mapping;
  friend Status write_facts_file(const std::filesystem::path&, std::span<const EncodedFile>,
                                 std::span<const std::byte>, const FactsFile*, std::int64_t);
  FactsFile(std::unique_ptr<Mapping> mapping, FactsCache cache, std::uint64_t file_bytes);

  std::unique_ptr<Mapping> mapping_;
  FactsCache cache_;
  std::uint64_t file_bytes_ = 0;
};

// Writes the records of `files` (tied to `manifest`, their encode_manifest)
// and their stamps as the facts file at `path`; `stamped_before` is when the
// index that read them started (ns since the epoch, the file system's clock). With `previous` (the file read from `path`
// this run, to which the files' kept_offset values refer), only records not
// kept are appended, then a new table and footer; the file is written anew
// instead (temporary file, then rename) when there is no previous, the file
// changed since it was read, or superseded records would make up more than
// half of it. DATABASE_ERROR when the file system refuses.
Status write_facts_file(const std::filesystem::path& path, std::span<const EncodedFile> files,
                        std::span<const std::byte> manifest, const FactsFile* previous,
                        std::int64_t stamped_before);

}  // namespace trellis::ingest
