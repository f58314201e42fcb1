#include "trellis/ingest/index_database.hpp"

#include <fmt/format.h>

#include <chrono>
#include <optional>
#include <system_error>

#include "trellis/common/parallel.hpp"
#include "trellis/ingest/facts_cache.hpp"
#include "trellis/ingest/facts_file.hpp"
#include "trellis/ingest/unsupported_languages.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::ingest {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The facts file, then the snapshot (its records' manifest included).
// `previous_facts` (the facts file read for this index) is released once
// the new one is written, while the snapshot is written.
Status save_index(IndexResult& indexed, const std::filesystem::path& database,
                  const std::filesystem::path& facts_path, std::optional<FactsFile>& previous_facts) {
  std::error_code error;
  // A bare file name's folder is the working directory, which exists.
  if (database.has_parent_path()) std::filesystem::create_directories(database.parent_path(), error);
  if (error) {
    return make_error(ErrorCode::DatabaseError,
                      fmt::format("cannot create folder {}: {}", database.parent_path().string(), error.message()));
  }
  // The facts file first: a snapshot is only ever replaced by one whose
  // records are on file (a facts file ahead of its snapshot is refused as
  // written for another one, which costs a full index, never a wrong graph).
  std::vector<std::byte> manifest = encode_manifest(indexed.encoded_facts);
  if (Status status = write_facts_file(facts_path, indexed.encoded_facts, manifest,
                                       previous_facts ? &*previous_facts : nullptr, indexed.stamped_before);
      !status.ok()) {
    return status;
  }
  indexed.encoded_facts.clear();  // it views the previous facts file
  // The store is moved into the snapshot for writing and back out after.
  Snapshot snapshot{std::move(indexed.store), {}};
  snapshot.extras.emplace(kFactsSection, PodArray<std::byte>(std::move(manifest)));
  if (!indexed.report.skipped_languages.empty()) {
    snapshot.extras.emplace(kSkippedLanguagesSection,
                            PodArray<std::byte>(encode_skipped_files(indexed.report.skipped_languages)));
  }
  Status status;
  trellis::parallel_invoke([&] { status = save_snapshot(snapshot, database); }, [&] { previous_facts.reset(); });
  indexed.store = std::move(snapshot.store);
  return status;
}

}  // namespace

Result<DatabaseIndexResult> index_into_database(IndexOptions options, const std::filesystem::path& database,
                                                ExtractProgress* progress) {
  DatabaseIndexResult result;
  const auto call_start = Clock::now();
  auto start = call_start;
  const std::filesystem::path facts_path = facts_file_path(database);
  // Kept while indexing: the cache views the facts file.
  std::optional<FactsFile> previous_facts;
  const auto load_facts = [&] {
    auto manifest = load_snapshot_extra(database, kFactsSection);
    if (!manifest.ok()) {
      result.previous_note = fmt::format("previous snapshot not used: {}", manifest.error().message);
    } else if (manifest->has_value()) {
      auto read = FactsFile::read(facts_path, (*manifest)->span());
      if (read.ok()) {
        previous_facts = std::move(read).value();
      } else {
        result.previous_note = fmt::format("previous snapshot's file facts not used: {}", read.error().message);
      }
    }
  };
  // Its full-text index too, so that only changed files' words are indexed
  // again; without it (unreadable, or none) every word is. Read while the
  // facts are, and dropped when they cannot be used.
  std::optional<search::PreviousSearchIndex> previous_search;
  const auto load_search = [&] {
    auto loaded = search::PreviousSearchIndex::load(database);
    if (loaded.ok()) previous_search = std::move(loaded).value();
  };
  if (std::filesystem::exists(database)) {
    if (options.full_text) {
      trellis::parallel_invoke(load_facts, load_search);
    } else {
      load_facts();
    }
  }
  if (!previous_facts) previous_search.reset();
  result.load_seconds = seconds_since(start);

  options.previous = previous_facts ? &previous_facts->cache() : nullptr;
  options.previous_search = previous_search ? &*previous_search : nullptr;
  // Saving runs inside the index, while it frees its working state.
  bool save_failed = false;
  options.persist = [&](IndexResult& indexed) -> Status {
    const auto save_start = Clock::now();
    Status status = save_index(indexed, database, facts_path, previous_facts);
    save_failed = !status.ok();
    result.save_seconds = seconds_since(save_start);
    return status;
  };
  auto indexed = index_repository(options, progress);
  if (!indexed.ok() && !save_failed && indexed.error().code == ErrorCode::DatabaseError &&
      options.previous != nullptr) {
    // Damaged cached facts found late (call sites are decoded on demand): index in full.
    result.previous_note = fmt::format("previous snapshot's file facts not used: {}", indexed.error().message);
    options.previous = nullptr;
    options.previous_search = nullptr;
    previous_facts.reset();
    if (progress != nullptr) {
      progress->files.store(0, std::memory_order_relaxed);
      progress->lines.store(0, std::memory_order_relaxed);
      progress->bytes.store(0, std::memory_order_relaxed);
    }
    indexed = index_repository(options, progress);
  }
  if (!indexed.ok()) return std::move(indexed).take_error();
  result.indexed = std::move(indexed).value();
  result.total_seconds = seconds_since(call_start);
  return result;
}

}  // namespace trellis::ingest
