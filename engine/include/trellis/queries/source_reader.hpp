// Source text for the queries that return it (details, source, context).
// The queries read through a SourceReader, so the store and the queries
// know no file system: the library and the CLI read the indexed tree with a
// TreeSourceReader, the MCP server adds whether each file changed since it
// was indexed, and tests may serve text from memory.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"

namespace trellis::queries {

inline constexpr std::uint64_t kMaxSourceFileBytes = 16 * 1024 * 1024;

struct SourceText {
  std::string text;   // lines first..last, each ending in "\n", valid UTF-8
  int first = 0;      // 1-based, inclusive
  int last = 0;       // the file's last line when it is shorter than asked
  bool truncated = false;  // max_lines cut the range
  // Whether the file's text differs from what was indexed; nullopt when
  // the reader cannot tell.
  std::optional<bool> changed_since_index;
};

class SourceReader {
 public:
  virtual ~SourceReader() = default;
  // The whole text of `file_path` (relative to the indexed root), valid
  // UTF-8. INVALID_ARGUMENT when the path may not be read, DATABASE_ERROR
  // when the file cannot be (deleted since).
  virtual Result<std::string> read_file(std::string_view file_path) const = 0;
  // Whether `text`, the whole file, differs from what was indexed; nullopt
  // when the reader cannot tell.
  virtual std::optional<bool> changed_since_index(std::string_view file_path, std::string_view text) const;

  // Lines [first, last] of `file_path`, at most `max_lines` of them from
  // `first` (read_file, then slice_lines). A query reading several ranges
  // of one file reads it once and slices it itself.
  Result<SourceText> read_lines(std::string_view file_path, int first, int last, int max_lines) const;
};

// Lines [first, last] of a whole file's `text`, at most `max_lines` from
// `first`; `last` becomes the file's last line when the file is shorter.
SourceText slice_lines(std::string_view text, int first, int last, int max_lines);

// Reads from the indexed tree, and only from it: the path must be relative,
// without "..", and still lie under the root once symlinks are resolved;
// the file is opened without following a final symlink, must be a regular
// file of at most kMaxSourceFileBytes. Invalid UTF-8 is replaced by U+FFFD.
// A folder the graph's files were indexed from. A graph of several projects
// (store_union.hpp) has one per project: its files' paths start with the
// project's name and a slash. A graph of one has one root without a name.
struct SourceRoot {
  std::string project;  // "" for the only root
  std::string path;     // absolute
};

class TreeSourceReader final : public SourceReader {
 public:
  // Whether `text`, the whole file at `file_path`, differs from what was
  // indexed (nullopt: unknown).
  using ChangeCheck = std::function<std::optional<bool>(std::string_view file_path, std::string_view text)>;

  // `root`: the absolute folder the graph was indexed from; nullopt for a
  // graph without one (a CSV import), whose reads are refused.
  explicit TreeSourceReader(std::optional<std::string> root, ChangeCheck changed = {});
  // No roots: reads are refused, as without a root.
  explicit TreeSourceReader(std::vector<SourceRoot> roots, ChangeCheck changed = {});

  Result<std::string> read_file(std::string_view file_path) const override;
  std::optional<bool> changed_since_index(std::string_view file_path, std::string_view text) const override;

 private:
  Result<std::string> read_under(const std::string& root, std::string_view relative_path,
                                 std::string_view file_path) const;

  std::vector<SourceRoot> roots_;
  ChangeCheck changed_;
};

}  // namespace trellis::queries
