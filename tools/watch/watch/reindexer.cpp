#include "watch/reindexer.hpp"

#include "trellis/ingest/discover.hpp"
#include "trellis/ingest/index_database.hpp"

namespace trellis::watch {

Reindexer::Reindexer(ingest::IndexOptions options, std::filesystem::path database)
    : options_(std::move(options)), database_(std::move(database)), languages_(ingest::make_language_frontends()) {
  options_.previous = nullptr;
  options_.languages = nullptr;
}

Result<IndexSummary> Reindexer::index() {
  ingest::IndexOptions options = options_;
  options.languages = &languages_;
  auto indexed = ingest::index_into_database(std::move(options), database_);
  if (!indexed.ok()) return std::move(indexed).take_error();
  const ingest::IndexReport& report = indexed->indexed.report;
  return IndexSummary{report.files, report.files_reparsed, report.warnings.size(), indexed->total_seconds * 1000.0,
                      indexed->previous_note};
}

Result<std::vector<std::string>> Reindexer::watched_directories() const {
  ingest::DiscoverOptions options;
  options.root = options_.root;
  options.exclude_globs = options_.exclude_globs;
  options.max_file_bytes = options_.max_file_bytes;
  options.jobs = options_.jobs;
  options.wanted = [](std::string_view) { return false; };  // directories only: no file is opened
  auto found = ingest::discover_files(options);
  if (!found.ok()) return std::move(found).take_error();
  return std::move(found->directories);
}

}  // namespace trellis::watch
