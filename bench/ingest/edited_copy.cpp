#include "ingest/edited_copy.hpp"

#include "trellis/ingest/facts_file.hpp"

#include <fmt/format.h>
#include <stdlib.h>

#include <fstream>
#include <utility>
#include <system_error>

namespace trellis::bench {

EditedCopy::EditedCopy(std::filesystem::path folder, std::filesystem::path root)
    : folder_(std::move(folder)), root_(std::move(root)), database_(folder_ / "graph.trellis") {}

EditedCopy::EditedCopy(EditedCopy&& other) noexcept
    : folder_(std::exchange(other.folder_, {})), root_(std::move(other.root_)), database_(std::move(other.database_)) {}

EditedCopy::~EditedCopy() {
  if (folder_.empty()) return;
  std::error_code ignored;
  std::filesystem::remove_all(folder_, ignored);
}

Result<EditedCopy> EditedCopy::make(const std::filesystem::path& root, std::span<const ingest::DiscoveredFile> files) {
  std::error_code error;
  std::string pattern = (std::filesystem::temp_directory_path(error) / "trellis-bench-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    return make_error(ErrorCode::DatabaseError, fmt::format("cannot make a temporary folder {}", pattern));
  }
  const std::filesystem::path folder = pattern;
  const std::filesystem::path name = std::filesystem::weakly_canonical(root, error).filename();
  EditedCopy copy(folder, folder / (name.empty() ? std::filesystem::path("repository") : name));
  for (const ingest::DiscoveredFile& file : files) {
    const std::filesystem::path target = copy.root_ / file.relative_path;
    std::filesystem::create_directories(target.parent_path(), error);
    if (!error) std::filesystem::copy_file(root / file.relative_path, target, error);
    if (error) {
      return make_error(ErrorCode::DatabaseError,
                        fmt::format("cannot copy {} to {}: {}", file.relative_path, target.string(), error.message()));
    }
  }
  return copy;
}

Status EditedCopy::append(const std::string& relative_path, const std::string& text) const {
  std::ofstream out(root_ / relative_path, std::ios::app | std::ios::binary);
  out << text;
  out.close();
  if (!out) return make_error(ErrorCode::DatabaseError, fmt::format("cannot append to {}", relative_path));
  return {};
}

Status EditedCopy::remove_database() const {
  for (const std::filesystem::path& path : {database_, ingest::facts_file_path(database_)}) {
    std::error_code error;
    std::filesystem::remove(path, error);
    if (error) return make_error(ErrorCode::DatabaseError, fmt::format("cannot remove {}: {}", path.string(), error.message()));
  }
  return {};
}

}  // namespace trellis::bench
