// A compilation database (compile_commands.json, as CMake, Bear and Meson
// write it): the include folders each listed source file is compiled with.
// Read by the C and C++ resolvers to find #include targets
// (include_paths.hpp). It does not choose which files are indexed: every
// file of the tree is (headers are never listed, and a graph of the whole
// tree is what queries need); it guides where a listed file's includes are
// looked up.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "trellis/common/error.hpp"

namespace trellis::ingest::resolve {

struct CompileCommands {
  // Folders relative to the tree's root, in command-line order, by the
  // listed file's path relative to the root. Folders outside the tree are left out.
  struct Folders {
    std::vector<std::string> quote;   // -iquote
    std::vector<std::string> search;  // -I, then -isystem
  };
  std::unordered_map<std::string, Folders> by_file;
  // Every folder any entry names, in the order first named: for files not listed.
  Folders all;
  bool empty() const { return by_file.empty(); }
};

// `file` (a compile_commands.json) read for the tree at `root`; an entry's
// relative "directory" is relative to the database's folder. Missing file:
// an empty database. Unreadable JSON: INVALID_ARGUMENT.
Result<CompileCommands> read_compile_commands(const std::filesystem::path& file, const std::filesystem::path& root);

// The database a resolution uses: `named` when given, else the root's
// compile_commands.json if there is one (else an empty database). A
// database that does not read is an empty one: resolution goes on without it.
CompileCommands compile_commands_for(const std::filesystem::path& root, const std::string& named);

// A digest of what a resolution reads of the database (compile_commands_for):
// the files it lists and their include folders. It changes when an edit to
// the database changes those, not when it changes other flags.
std::uint64_t include_folders_digest(const std::filesystem::path& root, const std::string& named);

}  // namespace trellis::ingest::resolve
