// The parse-and-extract stage: reads files and turns each into FileFacts on
// all threads of the calling task arena. Results keep the input order, so
// they are the same whatever the number of threads.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "trellis/ingest/discover.hpp"
#include "trellis/ingest/facts_cache.hpp"
#include "trellis/ingest/language.hpp"

namespace trellis::ingest {

// Counters a progress display may read while extraction runs.
struct ExtractProgress {
  std::atomic<std::uint64_t> total_files{0};  // known once discovery is done
  std::atomic<std::uint64_t> total_bytes{0};  // of those files, set before total_files
  std::atomic<std::uint64_t> files{0};
  std::atomic<std::uint64_t> lines{0};
  std::atomic<std::uint64_t> bytes{0};
};

struct FileWarning {
  std::string relative_path;
  std::string reason;
  bool operator<(const FileWarning& other) const { return relative_path < other.relative_path; }
};

struct ExtractedFiles {
  std::vector<FileFacts> files;  // files[i] is the input's files[i]
  std::vector<std::uint64_t> content_hashes;  // of files[i]
  std::vector<std::uint8_t> had_invalid_utf8;  // files[i]'s bytes were repaired
  // What the facts file records for the next index: files[i]'s discovered
  // stamp, or an empty one (never trusted) when it could not be read.
  std::vector<FileStamp> stamps;
  std::size_t reparsed = 0;  // files parsed (not taken from the cache)
  std::size_t read = 0;      // files read (the rest were known unchanged by their stamp)
  std::vector<std::uint8_t> changed;  // changed[i]: files[i]'s facts are not the cached ones
  std::vector<FileWarning> warnings;  // unreadable files, repaired bytes, syntax errors; by path
  std::uint64_t lines = 0;
  std::uint64_t bytes = 0;
  // Not ok when the language could not be prepared for a file it had to parse.
  Status prepared;
};

// Extracts every file of `files` (under `root`) with `language`, largest
// first (the sizes need only be close: they order the work).
// A file whose content hash matches its entry in `previous` takes the cached
// facts (moved out of `previous`) instead of being parsed again; one whose
// discovered stamp is its entry's trusted stamp is not even read. A file that
// cannot be read yields empty facts and a warning, never an error. The
// language is prepared (its queries compiled) only when a file must be
// parsed: a re-index that parses none of its files pays nothing for it.
// A file parsed has its full-text words read too (FileFacts::search_terms)
// unless `search_terms` is false.
ExtractedFiles extract_files(LanguageFrontend& language, const std::filesystem::path& root,
                             std::span<const DiscoveredFile> files, ExtractProgress* progress = nullptr,
                             FactsCache* previous = nullptr, bool search_terms = true);

}  // namespace trellis::ingest
