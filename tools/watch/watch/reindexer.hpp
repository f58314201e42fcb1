// One tree indexed into one snapshot again and again, as `trellis index`
// does it (incrementally: only changed files are parsed), keeping the
// language frontends' compiled queries between indexes.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/ingest/index_repository.hpp"
#include "trellis/ingest/language.hpp"

namespace trellis::watch {

struct IndexSummary {
  std::size_t files = 0;     // in the graph
  std::size_t parsed = 0;    // parsed by this index (the rest were unchanged)
  std::size_t warnings = 0;  // files passed over (`trellis index` lists them)
  double milliseconds = 0;   // the whole index, snapshot written
  std::string note;          // why the previous snapshot's facts were not used, or ""
};

class Reindexer {
 public:
  // `options.root` is the tree (absolute); options.languages and .previous
  // are set by index().
  Reindexer(ingest::IndexOptions options, std::filesystem::path database);
  Reindexer(const Reindexer&) = delete;
  Reindexer& operator=(const Reindexer&) = delete;

  // Indexes the tree into the snapshot (replaced atomically: readers see
  // the old graph or the new one). Errors: those of `trellis index`.
  Result<IndexSummary> index();

  // The directories index walks (paths from the root, "" the root itself),
  // read now: ignore files, --exclude and skipped folders honoured.
  Result<std::vector<std::string>> watched_directories() const;

  const std::vector<std::unique_ptr<ingest::LanguageFrontend>>& languages() const { return languages_; }
  const std::filesystem::path& root() const { return options_.root; }
  const std::filesystem::path& database() const { return database_; }
  const std::vector<std::string>& exclude_globs() const { return options_.exclude_globs; }

 private:
  ingest::IndexOptions options_;
  std::filesystem::path database_;
  std::vector<std::unique_ptr<ingest::LanguageFrontend>> languages_;
};

}  // namespace trellis::watch
