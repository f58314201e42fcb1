// Where the graph snapshot is (CONTRACT.md "Binary and database"), found the
// way git finds .git.
#pragma once

#include <filesystem>

#include "trellis/cli/global_options.hpp"
#include "trellis/common/error.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::cli {

// The snapshot's place inside a folder: `dir`/.trellis/graph.trellis.
std::filesystem::path database_path_in(const std::filesystem::path& dir);

// The snapshot a reading command uses: --db FILE when given, else
// .trellis/graph.trellis in `start` or the nearest parent that has one.
// DATABASE_ERROR when --db names no file (a folder, say) or no folder up to
// the root has one. The result is absolute.
Result<std::filesystem::path> locate_database(const GlobalOptions& globals,
                                              const std::filesystem::path& start);

// The snapshot a reading command uses, found by locate_database from the
// working directory and loaded; DATABASE_ERROR when either step fails.
struct OpenDatabase {
  std::filesystem::path path;
  Snapshot snapshot;
};
Result<OpenDatabase> open_database(const GlobalOptions& globals);

// The snapshot a writing command (import, index) writes: --db FILE when
// given, else database_path_in(`dir`). Any path a user types works: a bare
// file name (`base.trellis`, in the working directory), a relative or
// absolute path, a path through symlinked folders, a symlink to an existing
// snapshot (the file it points at is replaced, the link kept). The result is
// absolute. INVALID_ARGUMENT when --db is empty or names a folder.
Result<std::filesystem::path> database_to_write(const GlobalOptions& globals,
                                                const std::filesystem::path& dir);

}  // namespace trellis::cli
