#include "tree_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <string_view>
#include <system_error>

#include "store/store_check.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/ingest/discover.hpp"
#include "trellis/ingest/facts_file.hpp"
#include "trellis/ingest/index_database.hpp"
#include "trellis/ingest/language.hpp"
#include "trellis/ingest/skipped_directories.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::fuzz {
namespace {

namespace fs = std::filesystem;

// A relative path with no empty, "." or ".." segment.
bool is_plain_relative(std::string_view path) {
  if (path.empty() || path.front() == '/' || path.find('\0') != std::string_view::npos) return false;
  std::size_t start = 0;
  for (;;) {
    const std::size_t slash = path.find('/', start);
    const std::string_view segment = path.substr(start, slash == std::string_view::npos ? slash : slash - start);
    if (segment.empty() || segment == "." || segment == "..") return false;
    if (slash == std::string_view::npos) return true;
    start = slash + 1;
  }
}

bool write_one(const fs::path& root, const TreeFile& file) {
  if (!is_plain_relative(file.path)) return false;
  const fs::path path = root / file.path;
  std::error_code error;
  // No folder in the way, and no file where a folder is needed.
  if (fs::is_directory(fs::symlink_status(path, error))) return false;
  for (fs::path folder = path.parent_path(); folder != root && !folder.empty(); folder = folder.parent_path()) {
    const fs::file_status status = fs::symlink_status(folder, error);
    if (fs::exists(status) && !fs::is_directory(status)) return false;
  }
  fs::create_directories(path.parent_path(), error);
  if (error) return false;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(file.content.data(), static_cast<std::streamsize>(file.content.size()));
  return static_cast<bool>(out.flush());
}

void remove_index(const fs::path& database) {
  std::error_code error;
  fs::remove(database, error);
  fs::remove(ingest::facts_file_path(database), error);
}

// Whether indexing leaves `path` out by design: a folder on its way is one
// that discovery skips (tool state, dependencies, build output, virtual
// environments and Python environments recognised by their contents).
bool skipped_by_design(const fs::path& root, std::string_view path) {
  std::size_t start = 0;
  fs::path folder = root;
  for (std::size_t slash = path.find('/'); slash != std::string_view::npos; slash = path.find('/', start)) {
    const std::string_view name = path.substr(start, slash - start);
    folder /= name;
    if (ingest::is_skipped_directory(name, true)) return true;
    std::error_code error;
    if (fs::is_regular_file(folder / "pyvenv.cfg", error) || fs::is_directory(folder / "conda-meta", error) ||
        (std::find(ingest::kVirtualenvDirectoryNames.begin(), ingest::kVirtualenvDirectoryNames.end(), name) !=
             ingest::kVirtualenvDirectoryNames.end() &&
         fs::is_regular_file(folder / "bin/activate", error))) {
      return true;
    }
    start = slash + 1;
  }
  return false;
}

bool has_ignore_files(std::span<const TreeFile> files) {
  return std::any_of(files.begin(), files.end(), [](const TreeFile& f) {
    return f.path == ".gitignore" || f.path.ends_with("/.gitignore") || f.path.starts_with(".git/") ||
           f.path.find("/.git/") != std::string::npos;
  });
}

std::optional<std::string> check_store(const GraphStore& store, std::string_view what) {
  if (auto problem = find_inconsistency(store.parts())) return fmt::format("{}: store check: {}", what, *problem);
  return std::nullopt;
}

}  // namespace

std::vector<TreeFile> write_tree(const fs::path& root, std::span<const TreeFile> files) {
  std::vector<TreeFile> written;
  std::set<std::string, std::less<>> paths;
  for (const TreeFile& file : files) {
    if (paths.contains(file.path)) continue;
    if (!write_one(root, file)) continue;
    paths.insert(file.path);
    written.push_back(file);
  }
  return written;
}

void apply_edits(const fs::path& root, std::vector<TreeFile>& files, std::span<const TreeEdit> edits) {
  for (const TreeEdit& edit : edits) {
    const bool has_files = !files.empty();
    const std::size_t i = has_files ? edit.file % files.size() : 0;
    std::error_code error;
    switch (edit.kind) {
      case TreeEdit::Kind::Modify:
        if (!has_files) break;
        if (write_one(root, TreeFile{files[i].path, edit.content})) files[i].content = edit.content;
        break;
      case TreeEdit::Kind::Remove:
        if (!has_files) break;
        fs::remove(root / files[i].path, error);
        if (!error) files.erase(files.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      case TreeEdit::Kind::Add: {
        const bool taken = std::any_of(files.begin(), files.end(), [&](const TreeFile& f) { return f.path == edit.path; });
        if (!taken && write_one(root, TreeFile{edit.path, edit.content})) files.push_back({edit.path, edit.content});
        break;
      }
      case TreeEdit::Kind::Rename: {
        if (!has_files || !is_plain_relative(edit.path)) break;
        const bool taken = std::any_of(files.begin(), files.end(), [&](const TreeFile& f) { return f.path == edit.path; });
        const fs::path target = root / edit.path;
        if (taken || fs::exists(fs::symlink_status(target, error))) break;
        // The folders on the way must be folders (or be made).
        if (!write_one(root, TreeFile{edit.path, {}})) break;
        fs::rename(root / files[i].path, target, error);
        if (error) {
          fs::remove(target, error);
          break;
        }
        files[i].path = edit.path;
        break;
      }
    }
  }
}

IndexCheckResult index_and_check(const fs::path& root, std::span<const TreeFile> files, const fs::path& database,
                                 const fs::path& scratch, unsigned jobs,
                                 const std::vector<std::unique_ptr<ingest::LanguageFrontend>>& languages) {
  IndexCheckResult result;
  auto fail = [&](std::string problem) {
    result.problem = std::move(problem);
    return result;
  };
  ingest::IndexOptions options;
  options.root = root;
  options.jobs = jobs;
  options.languages = &languages;
  auto indexed = ingest::index_into_database(options, database);
  if (!indexed.ok()) return fail(fmt::format("index failed: {}", indexed.error().message));
  if (auto problem = check_store(indexed->indexed.store, "index")) return fail(*problem);

  const fs::path full_database = scratch / "full.trellis";
  remove_index(full_database);
  options.jobs = jobs == 1 ? 2 : 1;  // another thread count: the result must not depend on it
  auto full = ingest::index_into_database(options, full_database);
  if (!full.ok()) return fail(fmt::format("full index failed: {}", full.error().message));
  if (auto problem = check_store(full->indexed.store, "full index")) return fail(*problem);

  for (const fs::path& path : {database, full_database}) {
    auto loaded = load_snapshot(path);
    if (!loaded.ok()) return fail(fmt::format("{} does not load: {}", path.string(), loaded.error().message));
  }
  auto incremental_bytes = read_file(database);
  auto full_bytes = read_file(full_database);
  if (!incremental_bytes.ok() || !full_bytes.ok()) return fail("a snapshot cannot be read back");
  if (*incremental_bytes != *full_bytes) {
    return fail(fmt::format("the snapshot differs from a full index of the same tree ({} vs {} bytes)",
                            incremental_bytes->size(), full_bytes->size()));
  }

  // Every file discovery lists is a Module or has a warning.
  const GraphStore& store = full->indexed.store;
  std::set<std::string, std::less<>> modules;
  for (NodeId n = store.nodes(Label::Module).begin; n < store.nodes(Label::Module).end; ++n) {
    const PropertyValue value = store.property(n, "file_path");
    if (const auto* text = std::get_if<std::string_view>(&value)) modules.emplace(*text);
  }
  std::set<std::string, std::less<>> warned;
  for (const auto& warning : full->indexed.report.warnings) warned.insert(warning.relative_path);
  auto wanted = [&languages](std::string_view path) {
    return std::any_of(languages.begin(), languages.end(), [&](const auto& l) { return l->handles(path); });
  };
  ingest::DiscoverOptions discover;
  discover.root = root;
  discover.wanted = wanted;
  discover.jobs = 1;
  auto listed = ingest::discover_files(discover);
  if (!listed.ok()) return fail(fmt::format("discovery failed: {}", listed.error().message));
  std::set<std::string, std::less<>> listed_paths;
  for (const ingest::DiscoveredFile& file : listed->files) {
    listed_paths.insert(file.relative_path);
    if (modules.contains(file.relative_path)) {
      ++result.counts.files_indexed;
    } else if (warned.contains(file.relative_path)) {
      ++result.counts.files_warned;
    } else {
      return fail(fmt::format("{} was listed but has neither a Module nor a warning", file.relative_path));
    }
  }
  for (const ingest::DiscoverWarning& warning : listed->warnings) {
    if (listed_paths.insert(warning.relative_path).second) ++result.counts.files_warned;
  }
  // Every file a language reads is listed, or left out by design.
  const bool ignore_files = has_ignore_files(files);
  for (const TreeFile& file : files) {
    if (!wanted(file.path) || listed_paths.contains(file.path)) continue;
    if (ignore_files || skipped_by_design(root, file.path)) continue;
    return fail(fmt::format("{} was written but not listed, nor skipped with a reason", file.path));
  }
  if (modules.size() != result.counts.files_indexed) {
    return fail(fmt::format("{} Modules have a file_path, but {} listed files were indexed", modules.size(),
                            result.counts.files_indexed));
  }
  return result;
}

}  // namespace trellis::fuzz
