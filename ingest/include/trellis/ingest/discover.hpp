// File discovery, the first stage of indexing: walks a directory tree in
// parallel and lists the files worth parsing, with the reason for each file
// it had to pass over. Language-generic: the caller says which files it
// wants.
//
// Never listed, and not reported (the tree's owner chose so):
//  - what .gitignore files exclude (the root's, nested ones, and, when the
//    root lies inside a git repository, those of the directories from the
//    repository's top down to the root), what .git/info/exclude excludes,
//    and what `exclude_globs` exclude (ignore_rules.hpp has the precedence);
//  - the directories of kSkippedDirectoryNames and Python environments
//    (skipped_directories.hpp);
//  - symlinked directories: they are never followed, so nothing is listed
//    twice and no walk loops. What such a link points to inside the tree is
//    walked under its own path;
//  - files `wanted` declines, and special files (fifos, sockets, devices).
// Passed over with a warning:
//  - a symlink (to a directory, or to a wanted file) whose target lies
//    outside the root: "symlink leaves the tree (to /etc/passwd)";
//  - a symlinked directory holding the link itself: "symlink loop ...";
//  - wanted files that are broken symlinks, over `max_file_bytes`, binary
//    (a NUL byte in their first 8 KiB) or unreadable, and unreadable
//    directories or .gitignore files.
// A symlinked file whose target is inside the root is listed under the
// link's path. Only files `wanted` accepts are opened or sized, so what
// discovery reads stays proportional to what indexing will parse.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"

namespace trellis::ingest {

inline constexpr std::uint64_t kDefaultMaxFileBytes = 2 * 1024 * 1024;

// What the file system says of a file's content without reading it: an
// index that finds a file's stamp as the previous one recorded it (and old
// enough to be trusted, see facts_file.hpp) skips reading it, as git's
// index does.
struct FileStamp {
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
  std::int64_t ctime_ns = 0;  // changes with any write, and cannot be set back
  std::uint64_t inode = 0;

  bool operator==(const FileStamp&) const = default;
};

struct DiscoverOptions {
  std::filesystem::path root;
  // Patterns in gitignore syntax matched against paths relative to `root`
  // ("*.gen.py", "docs/", "/vendor"). They take precedence over the ignore
  // files, as git's command-line excludes do: "!keep.py" re-includes a file
  // an ignore file excludes.
  std::vector<std::string> exclude_globs;
  std::uint64_t max_file_bytes = kDefaultMaxFileBytes;
  // Whether a file is wanted, from its path relative to `root`; empty means
  // every file. Called from several threads at once.
  std::function<bool(std::string_view relative_path)> wanted;
  // Threads walking the tree; 0 uses every core.
  unsigned jobs = 0;
  // Whether the caller knows the file at a path, with this stamp (read with
  // stat), as a readable text file: then it is listed without being opened.
  // Empty: every file is opened and checked. Called from several threads.
  std::function<bool(std::string_view relative_path, const FileStamp& stamp)> known_unchanged;
};

struct DiscoveredFile {
  std::string relative_path;  // '/'-separated, from the root
  std::uint64_t size = 0;     // bytes
  FileStamp stamp;            // as discovery saw it

  bool operator==(const DiscoveredFile&) const = default;
};

struct DiscoverWarning {
  std::string relative_path;  // of the file or directory passed over
  std::string reason;         // "binary file (a NUL byte in its first 8 KiB)"

  bool operator==(const DiscoverWarning&) const = default;
};

struct DiscoverResult {
  std::vector<DiscoveredFile> files;      // sorted by relative_path (byte order)
  std::vector<DiscoverWarning> warnings;  // sorted by relative_path, then reason
  std::size_t directories_visited = 0;    // directories listed, the root included
  // Those directories, as '/'-separated paths from the root ("" for the root
  // itself), sorted: what a watcher of the tree watches (trellis watch).
  std::vector<std::string> directories;
};

// Lists the files under options.root. The result is the same whatever the
// number of threads. Fails only when the root itself is unusable (empty,
// missing, not a directory, unreadable): INVALID_ARGUMENT with a message
// naming the root and the reason. Anything below the root that cannot be
// read becomes a warning.
Result<DiscoverResult> discover_files(const DiscoverOptions& options);

}  // namespace trellis::ingest
