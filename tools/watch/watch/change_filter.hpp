// Which changes under a watched tree can change its index, so that saving a
// README, writing a .pyc or the watcher's own snapshot start no index.
// Directories are entered by the names index enters (skipped_directories.hpp)
// and the --exclude globs; .gitignore files are honoured by re-listing the
// directories index walks after each index (Reindexer::watched_directories).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/ingest/gitignore.hpp"
#include "trellis/ingest/language.hpp"

namespace trellis::watch {

class ChangeFilter {
 public:
  // `languages` outlives the filter. `database_prefix` is the snapshot's path
  // from the root when it lies inside the tree ("" otherwise): that file,
  // its facts file and their temporary files never count.
  ChangeFilter(const std::vector<std::unique_ptr<ingest::LanguageFrontend>>& languages,
               const std::vector<std::string>& exclude_globs, std::string database_prefix);

  // Whether a directory at `path` ('/'-separated, from the root) is watched.
  bool enters_directory(std::string_view path) const;

  // Whether a change to `path` (created, written, deleted, moved) can change
  // the index: a directory that is entered, a file some language reads, or
  // a file that changes how files are read or named (.gitignore, go.mod,
  // package.json, tsconfig.json, jsconfig.json).
  bool matters(std::string_view path, bool is_directory) const;

 private:
  bool excluded(std::string_view path, bool is_directory) const;

  const std::vector<std::unique_ptr<ingest::LanguageFrontend>>& languages_;
  ingest::IgnoreList excludes_;
  std::string database_prefix_;
};

}  // namespace trellis::watch
