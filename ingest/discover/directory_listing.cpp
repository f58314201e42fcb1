#include "discover/directory_listing.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "discover/errno_reason.hpp"

namespace trellis::ingest {
namespace {

EntryType type_from_mode(mode_t mode) {
  if (S_ISDIR(mode)) return EntryType::Directory;
  if (S_ISREG(mode)) return EntryType::RegularFile;
  if (S_ISLNK(mode)) return EntryType::Symlink;
  return EntryType::Other;
}

// The entry's type from readdir, asking the file system only when readdir
// does not know it.
EntryType type_of(int dir_fd, const dirent& entry) {
  switch (entry.d_type) {
    case DT_DIR:
      return EntryType::Directory;
    case DT_REG:
      return EntryType::RegularFile;
    case DT_LNK:
      return EntryType::Symlink;
    case DT_UNKNOWN: {
      struct stat info {};
      if (::fstatat(dir_fd, entry.d_name, &info, AT_SYMLINK_NOFOLLOW) != 0) return EntryType::Other;
      return type_from_mode(info.st_mode);
    }
    default:
      return EntryType::Other;
  }
}

bool is_dot_or_dot_dot(const char* name) {
  return name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0'));
}

}  // namespace

Result<DirectoryListing> DirectoryListing::open(int dir_fd, const char* path) {
  const int fd = ::openat(dir_fd, path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return errno_error(errno);
  DirectoryListing listing;
  listing.dir_.reset(::fdopendir(fd));
  if (!listing.dir_) {
    const int error_number = errno;
    ::close(fd);
    return errno_error(error_number);
  }
  for (;;) {
    errno = 0;
    const dirent* entry = ::readdir(listing.dir_.get());
    if (entry == nullptr) {
      if (errno != 0) return errno_error(errno);
      break;
    }
    if (is_dot_or_dot_dot(entry->d_name)) continue;
    listing.entries_.push_back({entry->d_name, type_of(fd, *entry)});
  }
  return listing;
}

bool DirectoryListing::contains(std::string_view name, EntryType type) const {
  for (const DirectoryEntry& entry : entries_) {
    if (entry.type == type && entry.name == name) return true;
  }
  return false;
}

}  // namespace trellis::ingest
