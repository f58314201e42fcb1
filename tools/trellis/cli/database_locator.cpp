#include "trellis/cli/database_locator.hpp"

#include <fmt/format.h>

#include <system_error>

namespace trellis::cli {

std::filesystem::path database_path_in(const std::filesystem::path& dir) {
  return dir / ".trellis" / "graph.trellis";
}

Result<std::filesystem::path> locate_database(const GlobalOptions& globals,
                                              const std::filesystem::path& start) {
  std::error_code error;
  if (!globals.db.empty()) {
    const std::filesystem::path path = globals.db;
    if (std::filesystem::is_regular_file(path, error)) return path;
    return make_error(ErrorCode::DatabaseError,
                      fmt::format("no graph snapshot at {}", path.string()));
  }
  std::filesystem::path first = std::filesystem::absolute(start, error).lexically_normal();
  if (error) first = start;
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

std::filesystem::path database_to_write(const GlobalOptions& globals,
                                        const std::filesystem::path& dir) {
  return globals.db.empty() ? database_path_in(dir) : std::filesystem::path(globals.db);
}

Result<OpenDatabase> open_database(const GlobalOptions& globals) {
  auto path = locate_database(globals, std::filesystem::current_path());
  if (!path.ok()) return std::move(path).take_error();
  auto snapshot = load_snapshot(*path);
  if (!snapshot.ok()) return std::move(snapshot).take_error();
  return OpenDatabase{std::move(path).value(), std::move(snapshot).value()};
}

}  // namespace trellis::cli
