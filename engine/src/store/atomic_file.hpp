// Replacing a file atomically: write a temporary file in the same folder,
// fsync it, rename it over the target, fsync the folder. Readers see the
// old file or the new one, never a mix; on failure the old file is
// untouched and the temporary is removed.
#pragma once

#include <filesystem>
#include <functional>
#include <string_view>

#include "file_descriptor.hpp"
#include "trellis/common/error.hpp"

namespace trellis {

// Calls `write` with the temporary file open for writing; `write` returns 0
// or an errno value. Failures are DATABASE_ERROR "cannot save <what> <path>: ...".
Status replace_file_atomically(const std::filesystem::path& path, std::string_view what,
                               const std::function<int(const FileDescriptor&)>& write);

}  // namespace trellis
