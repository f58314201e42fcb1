// Reading a node's source lines from the indexed tree, and only from it:
// the path must be relative, without "..", and must still lie under the
// root once symlinks are resolved; the file is opened without following a
// final symlink, must be a regular file and at most kMaxSourceFileBytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "trellis/common/error.hpp"

namespace trellis::mcp {

inline constexpr std::uint64_t kMaxSourceFileBytes = 16 * 1024 * 1024;

struct SourceLines {
  std::string text;    // lines first..last, each ending in "\n"
  int first = 0;       // 1-based, inclusive
  int last = 0;
  bool truncated = false;        // max_lines cut the range
  std::uint64_t content_hash = 0;  // ingest's hash of the whole file, to compare with the index's
};

// Lines [line_start, line_end] (at most max_lines) of `relative_path` under
// `root`. INVALID_ARGUMENT when the path leaves the root or is no regular
// file; DATABASE_ERROR when the file cannot be read (deleted since).
Result<SourceLines> read_source_lines(std::string_view root, std::string_view relative_path, int line_start,
                                      int line_end, int max_lines);

}  // namespace trellis::mcp
