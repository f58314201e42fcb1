// Replacing a file atomically: write a temporary file in the same folder,
// fsync it, rename it over the target, fsync the folder. Readers see the
// old file or the new one, never a mix; on failure the old file is
// untouched and the temporary is removed. The temporary file has no name
// while it is written (O_TMPFILE, where the file system has it), so a
// process killed meanwhile leaves nothing; temporaries of processes killed
// in the instant between naming and renaming are removed by the next save.
#pragma once

#include <filesystem>
#include <functional>
#include <string_view>

#include "trellis/common/file_descriptor.hpp"
#include "trellis/common/error.hpp"

namespace trellis {

// Calls `write` with the temporary file open for writing; `write` returns 0
// or an errno value. Failures are DATABASE_ERROR "cannot save <what> <path>: ...".
// `durable` false skips both fsyncs: for a file that is only a cache, whose
// loss after a power failure costs a rebuild, never a wrong answer.
Status replace_file_atomically(const std::filesystem::path& path, std::string_view what,
                               const std::function<int(const FileDescriptor&)>& write, bool durable = true);

}  // namespace trellis
