// Reading small text files (ignore files, git's pointer files) whole.
#pragma once

#include <string>

#include "trellis/common/error.hpp"

namespace trellis::ingest {

// The bytes of the file `path` names, relative to the directory `dir_fd`
// (or absolute, or relative to the working directory with AT_FDCWD).
// Follows symlinks. The error message is the reason, e.g. "permission denied".
Result<std::string> read_file_at(int dir_fd, const char* path);

}  // namespace trellis::ingest
