// `trellis index` as a library call: discover -> parse and extract (all
// cores) -> resolve (per language) -> build the store. The result is the
// same store, byte for byte, whatever the number of threads.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/ingest/discover.hpp"
#include "trellis/ingest/extract_files.hpp"
#include "trellis/ingest/language.hpp"
#include "trellis/ingest/unsupported_languages.hpp"
#include "trellis/search/previous_search_index.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::ingest {

struct IndexResult;

struct IndexOptions {
  std::filesystem::path root;
  // The Project node's name ("": the root folder's name).
  std::string project_name;
  std::vector<std::string> exclude_globs;
  // A compilation database guiding C and C++ include lookups (empty: the
  // root's compile_commands.json, when there is one).
  std::string compile_commands;
  std::uint64_t max_file_bytes = kDefaultMaxFileBytes;
  unsigned jobs = 0;  // 0: every core
  // Facts of the previous index (from its snapshot): unchanged files are not
  // parsed again, and are not resolved again when no edit can change their
  // edges. Entries are moved out.
  FactsCache* previous = nullptr;
  // The language frontends to use, when given: a process that indexes again
  // and again (a watcher, a server, a test) keeps their compiled queries,
  // which cost tens of milliseconds per index to make. Frontends are
  // prepared on first use, so one set must not serve two indexes running at
  // the same time. Null: a fresh set for this index.
  const std::vector<std::unique_ptr<LanguageFrontend>>* languages = nullptr;
  // Called, when given, with the finished result (store, report, records)
  // while index_repository frees its working state on other threads: saving
  // overlaps that work. Its error is the index's.
  std::function<Status(IndexResult&)> persist;
  // Whether to build the full-text index (search): off only to measure
  // what it costs (trellis_bench ingest).
  bool full_text = true;
  // The full-text index of the snapshot `previous` came from, when read: the
  // postings of definitions in unchanged files are kept from it rather than
  // indexed again (graph_writer.hpp). Used only with `previous`.
  const search::PreviousSearchIndex* previous_search = nullptr;
};

struct IndexReport {
  std::size_t files = 0;
  std::size_t files_reparsed = 0;  // the rest came from the previous index
  std::size_t files_resolved = 0;  // the rest kept the previous index's edges
  // Of those, unchanged files resolved again because an edited file they
  // read changed its declarations (a C++ header's includers).
  std::size_t dependents_resolved = 0;
  // Unchanged files that read an edited file's declarations but none of the
  // names it changed: they kept their edges.
  std::size_t dependents_skipped = 0;
  std::size_t files_read = 0;      // the rest were known unchanged by their stamp
  // Definitions and modules whose full-text postings were kept from the
  // previous index rather than indexed again.
  std::size_t search_nodes_reused = 0;
  std::uint64_t lines = 0;
  std::uint64_t bytes = 0;
  std::vector<FileWarning> warnings;  // discovery and extraction, by path
  // Files passed over because their language is not supported (yet), by
  // extension (unsupported_languages.hpp).
  std::vector<SkippedFiles> skipped_languages;
  std::size_t unresolved_calls = 0;
  std::size_t external_calls = 0;
  std::size_t merged_definitions = 0;  // redefinitions folded into the first
  double discover_seconds = 0;
  double extract_seconds = 0;
  double resolve_seconds = 0;
  double build_seconds = 0;
};

struct IndexResult {
  GraphStore store;
  IndexReport report;
  // Every file's cache record for the next index (its manifest goes into
  // the snapshot, the records into the facts file: facts_file.hpp).
  std::vector<EncodedFile> encoded_facts;
  // When this index started (ns since the epoch, the file system's clock):
  // stamps recorded by it are trusted only when older (facts_file.hpp).
  std::int64_t stamped_before = 0;
};

// Indexes the tree at options.root. Fails only when the root is unusable
// (INVALID_ARGUMENT) or a frontend cannot start (INTERNAL); problems with
// single files become warnings. `progress`, when given, is updated as files
// are parsed (another thread may read it).
Result<IndexResult> index_repository(const IndexOptions& options, ExtractProgress* progress = nullptr);

}  // namespace trellis::ingest
