// The checks a wanted file passes before it is listed: it opens, it is a
// regular file, it is within the size cap, and it is not binary.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "trellis/common/error.hpp"
#include "trellis/ingest/discover.hpp"

namespace trellis::ingest {

// How much of a file the binary check reads: a file with a NUL byte there is
// binary (git's heuristic).
inline constexpr std::size_t kBinaryCheckBytes = 8 * 1024;

// The stamp (size included) of the file `name` in the directory `dir_fd` (a
// symlink is followed) when it passes the checks; else an error whose
// message is the reason, e.g. "over the 2 MiB size cap (3.1 MiB)", "binary
// file (a NUL byte in its first 8 KiB)", "permission denied".
Result<FileStamp> probe_source_file(int dir_fd, const char* name, std::uint64_t max_bytes);

// The stamp of the file `name` in `dir_fd` (a symlink is followed) from
// stat alone, when it is a regular file within the size cap.
std::optional<FileStamp> stat_source_file(int dir_fd, const char* name, std::uint64_t max_bytes);

// A byte count for people: "512 bytes", "12 KiB", "3.1 MiB".
std::string describe_size(std::uint64_t bytes);

}  // namespace trellis::ingest
