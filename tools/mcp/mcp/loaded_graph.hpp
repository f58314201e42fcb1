// One loaded snapshot as the server answers from it: the Database, the
// file's identity when it was loaded (to notice a replacement), and the
// content hashes ingest recorded per file, decoded on first use. Immutable
// after loading (the hashes are filled once, thread-safely), and shared by
// the calls running on it: a reload swaps in a new LoadedGraph while calls
// still holding the old one finish on it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "trellis/common/error.hpp"
#include "trellis/database.hpp"
#include "trellis/queries/source_reader.hpp"

namespace trellis::mcp {

// What tells one file at a path from its replacement.
struct FileIdentity {
  dev_t device = 0;
  ino_t inode = 0;
  std::int64_t size = 0;
  std::int64_t mtime_ns = 0;
  bool operator==(const FileIdentity&) const = default;
};

// nullopt when `path` cannot be stat'ed.
std::optional<FileIdentity> identify_file(const std::filesystem::path& path);

class LoadedGraph {
 public:
  // `vectors`: the embeddings file beside the snapshot as it was when
  // loaded (nullopt: none), so that importing vectors reloads the graph too.
  LoadedGraph(Database database, FileIdentity identity, std::optional<FileIdentity> vectors = std::nullopt);

  const Database& database() const { return database_; }
  const GraphStore& store() const { return database_.store(); }
  const FileIdentity& identity() const { return identity_; }
  const std::optional<FileIdentity>& vectors_identity() const { return vectors_identity_; }
  // When the snapshot file was written (its modification time).
  std::chrono::system_clock::time_point written_at() const;

  // Content hash (ingest's XXH3 of the file's text) of every indexed file,
  // by path relative to the root; nullopt for a snapshot without file facts
  // (a CSV import), or with facts it cannot decode.
  const std::optional<std::map<std::string, std::uint64_t>>& indexed_files() const;

  // Reads source from the indexed root, telling whether each file changed
  // since it was indexed (by indexed_files()).
  const queries::SourceReader& sources() const { return sources_; }

 private:
  Database database_;
  FileIdentity identity_;
  std::optional<FileIdentity> vectors_identity_;
  queries::TreeSourceReader sources_;
  mutable std::once_flag files_once_;
  mutable std::optional<std::map<std::string, std::uint64_t>> files_;
};

}  // namespace trellis::mcp
