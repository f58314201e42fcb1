// Source trees made up by a test or a fuzzer, and the checks that indexing
// any of them must pass. Shared by the ingest tree fuzzer (fuzz/) and the
// property test over generated trees (tests/ingest/generated_trees_test.cpp).
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "trellis/ingest/language.hpp"

namespace trellis::fuzz {

struct TreeFile {
  std::string path;  // relative, '/'-separated
  std::string content;
};

struct TreeEdit {
  enum class Kind { Modify, Remove, Add, Rename };
  Kind kind = Kind::Modify;
  std::size_t file = 0;  // Modify, Remove, Rename: which file (taken modulo the count)
  std::string path;      // Add, Rename: the new path
  std::string content;   // Modify, Add: the new content
};

// Writes `files` under `root`, creating folders, and returns those written:
// a path that cannot be made (a file where a folder is needed or the other
// way round, a name the file system refuses) is left out.
std::vector<TreeFile> write_tree(const std::filesystem::path& root, std::span<const TreeFile> files);

// Applies `edits` in order to the tree at `root` whose files are `files`
// (kept up to date). Edits that cannot be made are skipped.
void apply_edits(const std::filesystem::path& root, std::vector<TreeFile>& files, std::span<const TreeEdit> edits);

struct IndexCheck {
  std::size_t files_indexed = 0;  // files with a Module node
  std::size_t files_warned = 0;   // files passed over with a warning (binary, unreadable, ...)
};

// Indexes `root` into `database` (a first index, or an incremental one when
// `database` already holds an index of an earlier state), and into a fresh
// database under `scratch`, then checks: both stores pass the store check
// and load back from their snapshots; the two snapshots are equal byte for
// byte; every file discovery lists has a Module node or a warning; every
// file of `files` that a language reads and discovery does not list lies in
// a folder indexing skips by design (or the tree has ignore files). The
// first problem found, or the counts.
struct IndexCheckResult {
  std::optional<std::string> problem;
  IndexCheck counts;
};
// `languages` are reused from call to call (make_language_frontends()).
IndexCheckResult index_and_check(const std::filesystem::path& root, std::span<const TreeFile> files,
                                 const std::filesystem::path& database, const std::filesystem::path& scratch,
                                 unsigned jobs, const std::vector<std::unique_ptr<ingest::LanguageFrontend>>& languages);

}  // namespace trellis::fuzz
