// A copy of a repository's indexed files in a temporary folder (named like
// the original, so the graph is the same), where one file can be edited the
// way a user would; removed with the object.
#pragma once

#include <filesystem>
#include <span>
#include <string>

#include "trellis/common/error.hpp"
#include "trellis/ingest/discover.hpp"

namespace trellis::bench {

class EditedCopy {
 public:
  // Copies `files` from `root`; DATABASE_ERROR when the file system refuses.
  static Result<EditedCopy> make(const std::filesystem::path& root, std::span<const ingest::DiscoveredFile> files);
  EditedCopy(EditedCopy&& other) noexcept;
  EditedCopy& operator=(EditedCopy&&) = delete;
  EditedCopy(const EditedCopy&) = delete;
  ~EditedCopy();

  const std::filesystem::path& root() const { return root_; }
  const std::filesystem::path& database() const { return database_; }
  // Appends an empty line to `relative_path`: its content changes, nothing
  // else (in every language).
  Status append_line(const std::string& relative_path) const { return append(relative_path, "\n"); }
  // Appends `text` to `relative_path` (a declaration to a header: what
  // other files read changes).
  Status append(const std::string& relative_path, const std::string& text) const;
  // Removes the snapshot and its facts file: the next index is a first one.
  Status remove_database() const;

 private:
  explicit EditedCopy(std::filesystem::path folder, std::filesystem::path root);
  std::filesystem::path folder_;  // what the destructor removes ("" once moved from)
  std::filesystem::path root_;
  std::filesystem::path database_;
};

}  // namespace trellis::bench
