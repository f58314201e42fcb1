// How C and C++ #include lines find files of the tree.
//
// `#include "x.h"` is looked up beside the including file; then, when the
// tree has a compilation database (compile_commands.hpp), in the file's
// -iquote, -I and -isystem folders (a file the database does not list, a
// header, in every folder any entry names, in the order first named);
// then in each folder above the file up to the root, each folder before its
// `include/` subfolder. `#include <x.h>` skips the file's own folder, the
// -iquote folders and the folders above it but for their `include/`
// subfolders and the root (`<string.h>` never finds `src/string.h`).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "resolve/compile_commands.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::resolve {

std::string_view folder_of(std::string_view path);
std::string_view without_extension(std::string_view path);
// `a/b.c` -> `a.b.c`.
std::string dotted_path(std::string_view path);
// `a/./b/../c.h` -> `a/c.h`; nullopt when it climbs above the root.
std::optional<std::string> normalized_path(std::string_view path);

class IncludePaths {
 public:
  // `files` sorted by path, as the resolvers get them.
  IncludePaths(std::span<const FileFacts> files, const CompileCommands& commands);

  // The file of the tree `include` (an Import: module the path as written,
  // level 1 when quoted) of file `file` reads, if any.
  std::optional<std::uint32_t> find(std::uint32_t file, const Import& include) const;

 private:
  std::optional<std::uint32_t> at(std::uint32_t file, std::string_view folder, std::string_view written) const;

  std::span<const FileFacts> files_;
  const CompileCommands& commands_;
  std::unordered_map<std::string_view, std::uint32_t> by_path_;
};

}  // namespace trellis::ingest::resolve
