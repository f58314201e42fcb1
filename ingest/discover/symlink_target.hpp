// Where a symlink met during the walk leads, relative to the walked tree.
#pragma once

#include <string>
#include <string_view>

#include "trellis/common/error.hpp"

namespace trellis::ingest {

struct SymlinkTarget {
  enum class Type { RegularFile, Directory, Other };

  Type type = Type::Other;
  std::string path;            // the resolved, canonical target
  bool inside_tree = false;    // the target is the root or lies below it
  bool contains_link = false;  // a directory holding the link: following it would loop
};

// Resolves the symlink `name` in `directory` (an absolute path without
// symlinks) against `root` (absolute, without symlinks). The error message is
// the reason: "broken symlink", "symlink loop", "permission denied".
Result<SymlinkTarget> resolve_symlink(std::string_view root, std::string_view directory,
                                      std::string_view name);

// Whether the absolute path `path` is `ancestor` or lies below it.
bool is_same_or_below(std::string_view path, std::string_view ancestor);

}  // namespace trellis::ingest
