// Whole-file reads and atomic whole-file writes, with failures as values.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "trellis/common/error.hpp"

namespace trellis {

// The file's bytes, read at once. Fails with INVALID_ARGUMENT naming the path
// and the reason (missing, a directory, unreadable).
Result<std::string> read_file(const std::filesystem::path& path);

// Replaces `path` with `content` atomically: a temporary file in the same
// folder, fsync, rename. On failure (INVALID_ARGUMENT naming the path and
// the reason) the previous file, if any, is untouched and no temporary file
// is left behind. The folder must exist.
Status write_file_atomically(const std::filesystem::path& path, std::string_view content);

}  // namespace trellis
