// `trellis index` with its snapshot: the facts cached by the previous index
// (the snapshot's manifest and the facts file beside it, facts_file.hpp)
// spare parsing unchanged files, and the new snapshot replaces the
// old one only once everything succeeded. The CLI and the ingest bench both
// run this, so the bench's incremental figure is what a user's second index
// costs.
#pragma once

#include <filesystem>
#include <string>

#include "trellis/common/error.hpp"
#include "trellis/ingest/index_repository.hpp"

namespace trellis::ingest {

struct DatabaseIndexResult {
  IndexResult indexed;  // encoded_facts is written to the facts file (empty here)
  // Why the previous snapshot's facts were not used ("" when they were, or
  // when there was no snapshot).
  std::string previous_note;
  double load_seconds = 0;  // reading the previous manifest and facts file, decoding the facts
  double save_seconds = 0;  // writing the facts file and the new snapshot
  double total_seconds = 0;  // the whole call, load to save
};

// Indexes options.root (options.previous is ignored) into `database` and
// its facts file, creating their folder. Errors: those of index_repository; DATABASE_ERROR
// when the folder or the snapshot cannot be written (the old one is then
// untouched). An unreadable previous snapshot only costs a full index.
Result<DatabaseIndexResult> index_into_database(IndexOptions options, const std::filesystem::path& database,
                                                ExtractProgress* progress = nullptr);

}  // namespace trellis::ingest
