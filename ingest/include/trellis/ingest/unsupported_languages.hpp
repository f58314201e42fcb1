// Source files in languages Trellis does not index (yet), so `trellis index`
// can say why a tree of Ruby or Rust came out empty instead of leaving it
// silent. Only extensions of well-known programming languages count:
// documentation, data and configuration files (.md, .json, .txt, .yaml) are
// no unsupported language and are never reported.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"

namespace trellis::ingest {

// The snapshot's extra section holding an index's SkippedFiles.
inline constexpr const char* kSkippedLanguagesSection = "ingest.skipped_languages";

// The files of one extension passed over.
struct SkippedFiles {
  std::string extension;  // with its dot: ".rb"
  std::string language;   // "ruby"
  std::uint64_t files = 0;

  bool operator==(const SkippedFiles&) const = default;
};

// The language of a file by its extension, when that is a well-known
// source language's ("lib/a.rb" -> "ruby"; the extension as written: ".R"
// and ".r" are both listed), else nullopt. Callers ask only about files no
// frontend handles, so a language supported later is simply no longer asked
// about.
std::optional<std::string_view> source_language_of(std::string_view relative_path);

// Counts, from several threads at once, the files whose extension is a
// well-known source language's.
class SkippedFilesCounter {
 public:
  SkippedFilesCounter();
  SkippedFilesCounter(const SkippedFilesCounter&) = delete;
  SkippedFilesCounter& operator=(const SkippedFilesCounter&) = delete;
  // Counts the file when source_language_of knows its extension.
  void count(std::string_view relative_path);
  // The extensions counted at least once, most files first, then by extension.
  std::vector<SkippedFiles> result() const;

 private:
  std::vector<std::atomic<std::uint64_t>> counts_;  // one per table entry
};

// "120 .rb, 40 .php files (languages not supported yet: ruby, php)", or ""
// when nothing was skipped.
std::string describe_skipped_files(std::span<const SkippedFiles> skipped);

// The snapshot section's bytes: one "extension\tlanguage\tfiles\n" line per entry.
std::vector<std::byte> encode_skipped_files(std::span<const SkippedFiles> skipped);
// DATABASE_ERROR when the bytes are not what encode_skipped_files writes.
Result<std::vector<SkippedFiles>> decode_skipped_files(std::span<const std::byte> bytes);

}  // namespace trellis::ingest
