#include "trellis/cli/database_locator.hpp"

#include <fmt/format.h>

#include <system_error>

namespace trellis::cli {

std::filesystem::path database_path_in(const std::filesystem::path& dir) {
  return dir / ".trellis" / "graph.trellis";
}

namespace {

// `path` made absolute against the working directory, `.` and `..` folded.
std::filesystem::path absolute_path(const std::filesystem::path& path) {
  std::error_code error;
  std::filesystem::path absolute = std::filesystem::absolute(path, error);
  return (error ? path : absolute).lexically_normal();
}

}  // namespace

Result<std::filesystem::path> locate_database(const GlobalOptions& globals,
                                              const std::filesystem::path& start) {
  std::error_code error;
  if (!globals.db.empty()) {
    const std::filesystem::path path = absolute_path(globals.db);
    if (std::filesystem::is_regular_file(path, error)) return path;
    if (std::filesystem::is_directory(path, error)) {
      return make_error(ErrorCode::DatabaseError,
                        fmt::format("--db {} is a folder, not a graph snapshot (did you mean {}?)", globals.db,
                                    database_path_in(globals.db).string()));
    }
    return make_error(ErrorCode::DatabaseError, fmt::format("no graph snapshot at {}", path.string()));
  }
  const std::filesystem::path first = absolute_path(start);
  for (std::filesystem::path dir = first;; dir = dir.parent_path()) {
    const std::filesystem::path candidate = database_path_in(dir);
    if (std::filesystem::is_regular_file(candidate, error)) return candidate;
    if (dir == dir.parent_path()) break;
  }
  return make_error(
      ErrorCode::DatabaseError,
      fmt::format("no .trellis/graph.trellis in {} or any parent folder: run `trellis index` or "
                  "`trellis import --csv DIR` first, or pass --db FILE",
                  first.string()));
}

Result<std::filesystem::path> database_to_write(const GlobalOptions& globals,
                                                const std::filesystem::path& dir) {
  if (globals.db.empty()) return absolute_path(database_path_in(dir));
  const std::filesystem::path given(globals.db);
  if (!given.has_filename() || given.filename() == "." || given.filename() == "..") {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("--db {} names a folder: give the snapshot's file, e.g. {}", globals.db,
                                  database_path_in(given).string()));
  }
  std::error_code error;
  // Symlinks resolved, so the atomic rename replaces the file a link points
  // at rather than the link itself.
  std::filesystem::path path = std::filesystem::weakly_canonical(absolute_path(given), error);
  if (error) path = absolute_path(given);
  if (std::filesystem::is_directory(path, error)) {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("--db {} is a folder: give the snapshot's file, e.g. {}", globals.db,
                                  database_path_in(given).string()));
  }
  return path;
}

Result<OpenDatabase> open_database(const GlobalOptions& globals) {
  auto path = locate_database(globals, std::filesystem::current_path());
  if (!path.ok()) return std::move(path).take_error();
  auto snapshot = load_snapshot(*path);
  if (!snapshot.ok()) return std::move(snapshot).take_error();
  return OpenDatabase{std::move(path).value(), std::move(snapshot).value()};
}

}  // namespace trellis::cli
