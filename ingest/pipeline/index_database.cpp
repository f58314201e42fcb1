#include "trellis/ingest/index_database.hpp"

#include <fmt/format.h>

#include <chrono>
#include <optional>
#include <system_error>

#include "trellis/ingest/facts_cache.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::ingest {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

Result<DatabaseIndexResult> index_into_database(IndexOptions options, const std::filesystem::path& database,
                                                ExtractProgress* progress) {
  DatabaseIndexResult result;
  const auto call_start = Clock::now();
  auto start = call_start;
  FactsCache previous;
  // Kept open while indexing: the cache views its facts section.
  std::optional<Snapshot> previous_snapshot;
  if (std::filesystem::exists(database)) {
    auto loaded = load_snapshot(database);
    if (!loaded.ok()) {
      result.previous_note = fmt::format("previous snapshot not used: {}", loaded.error().message);
    } else if (loaded->extras.contains(kFactsSection)) {
      previous_snapshot = std::move(loaded).value();
      auto decoded = decode_facts(previous_snapshot->extras.at(kFactsSection).span());
      if (decoded.ok()) {
        previous = std::move(decoded).value();
      } else {
        result.previous_note = fmt::format("previous snapshot's file facts not used: {}", decoded.error().message);
      }
    }
  }
  result.load_seconds = seconds_since(start);

  options.previous = &previous;
  auto indexed = index_repository(options, progress);
  if (!indexed.ok() && indexed.error().code == ErrorCode::DatabaseError && options.previous != nullptr) {
    // Damaged cached facts found late (call sites are decoded on demand): index in full.
    result.previous_note = fmt::format("previous snapshot's file facts not used: {}", indexed.error().message);
    options.previous = nullptr;
    if (progress != nullptr) {
      progress->files.store(0, std::memory_order_relaxed);
      progress->lines.store(0, std::memory_order_relaxed);
      progress->bytes.store(0, std::memory_order_relaxed);
    }
    indexed = index_repository(options, progress);
  }
  if (!indexed.ok()) return std::move(indexed).take_error();
  result.indexed = std::move(indexed).value();

  start = Clock::now();
  std::error_code error;
  std::filesystem::create_directories(database.parent_path(), error);
  if (error) {
    return make_error(ErrorCode::DatabaseError,
                      fmt::format("cannot create folder {}: {}", database.parent_path().string(), error.message()));
  }
  // The store is moved into the snapshot for writing and back out after.
  Snapshot snapshot{std::move(result.indexed.store), {}};
  snapshot.extras.emplace(kFactsSection, PodArray<std::byte>(std::move(result.indexed.encoded_facts)));
  Status status = save_snapshot(snapshot, database);
  result.indexed.store = std::move(snapshot.store);
  if (!status.ok()) return std::move(status).take_error();
  result.save_seconds = seconds_since(start);
  result.total_seconds = seconds_since(call_start);
  return result;
}

}  // namespace trellis::ingest
