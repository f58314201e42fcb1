// The entries of one directory, read in one go, with the directory kept open
// so that each entry can be examined relative to it (fstatat, openat).
#pragma once

#include <dirent.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"

namespace trellis::ingest {

enum class EntryType { Directory, RegularFile, Symlink, Other };

struct DirectoryEntry {
  std::string name;
  EntryType type = EntryType::Other;
};

class DirectoryListing {
 public:
  // Lists the directory `path` names relative to `dir_fd`, without following
  // a symlink in its last component. "." and ".." are left out; the order is
  // the file system's. The error message is the reason, e.g. "permission
  // denied".
  static Result<DirectoryListing> open(int dir_fd, const char* path);

  const std::vector<DirectoryEntry>& entries() const { return entries_; }
  // The open directory, for *at() calls on its entries.
  int fd() const { return ::dirfd(dir_.get()); }
  // Whether an entry `name` of type `type` is present.
  bool contains(std::string_view name, EntryType type) const;

 private:
  struct Closer {
    void operator()(DIR* dir) const { ::closedir(dir); }
  };

  std::unique_ptr<DIR, Closer> dir_;
  std::vector<DirectoryEntry> entries_;
};

}  // namespace trellis::ingest
