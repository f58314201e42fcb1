#include "discover/python_environment.hpp"

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>

#include "trellis/ingest/skipped_directories.hpp"

namespace trellis::ingest {

bool is_python_environment(std::string_view name, const DirectoryListing& listing) {
  if (listing.contains("pyvenv.cfg", EntryType::RegularFile) ||
      listing.contains("conda-meta", EntryType::Directory)) {
    return true;
  }
  if (std::find(kVirtualenvDirectoryNames.begin(), kVirtualenvDirectoryNames.end(), name) ==
      kVirtualenvDirectoryNames.end()) {
    return false;
  }
  struct stat info {};
  return ::fstatat(listing.fd(), "bin/activate", &info, 0) == 0 && S_ISREG(info.st_mode);
}

}  // namespace trellis::ingest
