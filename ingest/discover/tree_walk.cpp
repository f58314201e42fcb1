#include "discover/tree_walk.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <tuple>
#include <utility>

#include "discover/file_probe.hpp"
#include "discover/python_environment.hpp"
#include "discover/read_file.hpp"
#include "discover/symlink_target.hpp"
#include "trellis/ingest/skipped_directories.hpp"

namespace trellis::ingest {
namespace {

// `parent` and `name` joined by one '/'; either may be empty.
std::string join_path(std::string_view parent, std::string_view name) {
  std::string joined(parent);
  if (!joined.empty() && !name.empty() && joined.back() != '/') joined += '/';
  joined += name;
  return joined;
}

std::string_view last_component(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// `path` relative to `ancestor` (both absolute; `path` is the same or below).
std::string_view path_below(std::string_view path, std::string_view ancestor) {
  if (path.size() <= ancestor.size()) return {};
  return path.substr(ancestor.back() == '/' ? ancestor.size() : ancestor.size() + 1);
}

std::string shown(std::string_view relative) {
  return relative.empty() ? std::string(".") : std::string(relative);
}

}  // namespace

TreeWalk::TreeWalk(const DiscoverOptions& options, const RepositoryContext& context,
                   const std::string& root, int top_fd)
    : options_(options),
      context_(context),
      root_(root),
      top_fd_(top_fd),
      exclude_globs_(IgnoreList::from_patterns(context.root_from_top, options.exclude_globs)) {}

void TreeWalk::run() {
  const std::array<PendingDirectory, 1> start{
      PendingDirectory{context_.root_from_top, context_.rules}};
  trellis::parallel_for_each(
      start.begin(), start.end(),
      [this](const PendingDirectory& directory, trellis::Feeder<PendingDirectory>& feeder) {
        visit(directory, feeder);
      });
}

void TreeWalk::visit(const PendingDirectory& directory, trellis::Feeder<PendingDirectory>& feeder) {
  Found& found = found_.local();
  const std::string_view relative = from_root(directory.path);
  const Result<DirectoryListing> listing =
      DirectoryListing::open(top_fd_, directory.path.empty() ? "." : directory.path.c_str());
  if (!listing) {
    found.warnings.push_back({shown(relative), listing.error().message});
    return;
  }
  if (!relative.empty() && is_python_environment(last_component(relative), *listing)) return;
  ++found.directories;
  found.directory_paths.emplace_back(relative);

  IgnoreRules rules = directory.rules;
  if (listing->contains(".gitignore", EntryType::RegularFile)) {
    const Result<std::string> text = read_file_at(listing->fd(), ".gitignore");
    if (text) {
      rules = rules.with_innermost(IgnoreList::parse(directory.path, *text));
    } else {
      found.warnings.push_back({join_path(relative, ".gitignore"), text.error().message});
    }
  }

  for (const DirectoryEntry& entry : listing->entries()) {
    const bool is_directory = entry.type == EntryType::Directory;
    if (is_skipped_directory(entry.name, is_directory)) continue;
    std::string path = join_path(directory.path, entry.name);
    if (excluded(path, is_directory, rules)) continue;
    switch (entry.type) {
      case EntryType::Directory:
        feeder.add(PendingDirectory{std::move(path), rules});
        break;
      case EntryType::RegularFile: {
        const std::string_view file = from_root(path);
        if (wanted(file)) add_if_readable_text(found, listing->fd(), entry.name, file);
        break;
      }
      case EntryType::Symlink:
        visit_symlink(found, *listing, directory.path, entry.name, from_root(path));
        break;
      case EntryType::Other:
        break;
    }
  }
}

void TreeWalk::visit_symlink(Found& found, const DirectoryListing& listing,
                             const std::string& directory, const std::string& name,
                             std::string_view relative) {
  const Result<SymlinkTarget> target =
      resolve_symlink(root_, join_path(context_.top, directory), name);
  if (!target) {
    if (wanted(relative)) found.warnings.push_back({std::string(relative), target.error().message});
    return;
  }
  const auto warn = [&](std::string reason) {
    found.warnings.push_back({std::string(relative), std::move(reason)});
  };
  switch (target->type) {
    case SymlinkTarget::Type::Directory:
      if (is_skipped_directory(name, true)) return;
      if (!target->inside_tree) {
        warn(fmt::format("symlink leaves the tree (to {})", target->path));
      } else if (target->contains_link) {
        warn(fmt::format("symlink loop (to {}, a directory holding the link)",
                         shown(path_below(target->path, root_))));
      }
      return;
    case SymlinkTarget::Type::RegularFile:
      if (!wanted(relative)) return;
      if (!target->inside_tree) {
        warn(fmt::format("symlink leaves the tree (to {})", target->path));
        return;
      }
      add_if_readable_text(found, listing.fd(), name, relative);
      return;
    case SymlinkTarget::Type::Other:
      return;
  }
}

void TreeWalk::add_if_readable_text(Found& found, int dir_fd, const std::string& name,
                                    std::string_view relative) const {
  if (options_.known_unchanged) {
    const std::optional<FileStamp> known = stat_source_file(dir_fd, name.c_str(), options_.max_file_bytes);
    if (known && options_.known_unchanged(relative, *known)) {
      found.files.push_back({std::string(relative), known->size, *known});
      return;
    }
  }
  const Result<FileStamp> stamp = probe_source_file(dir_fd, name.c_str(), options_.max_file_bytes);
  if (stamp) {
    found.files.push_back({std::string(relative), stamp->size, *stamp});
  } else {
    found.warnings.push_back({std::string(relative), stamp.error().message});
  }
}

bool TreeWalk::excluded(std::string_view path, bool is_directory, const IgnoreRules& rules) const {
  const IgnoreVerdict verdict = exclude_globs_.check(path, is_directory);
  if (verdict != IgnoreVerdict::Unmatched) return verdict == IgnoreVerdict::Excluded;
  return rules.excludes(path, is_directory);
}

bool TreeWalk::wanted(std::string_view relative) const {
  return !options_.wanted || options_.wanted(relative);
}

std::string_view TreeWalk::from_root(std::string_view path) const {
  const std::size_t prefix = context_.root_from_top.size();
  if (prefix == 0) return path;
  return path.size() <= prefix ? std::string_view{} : path.substr(prefix + 1);
}

DiscoverResult TreeWalk::take_result() {
  DiscoverResult result;
  for (Found& found : found_) {
    result.files.insert(result.files.end(), std::make_move_iterator(found.files.begin()),
                        std::make_move_iterator(found.files.end()));
    result.warnings.insert(result.warnings.end(), std::make_move_iterator(found.warnings.begin()),
                           std::make_move_iterator(found.warnings.end()));
    result.directories_visited += found.directories;
    result.directories.insert(result.directories.end(), std::make_move_iterator(found.directory_paths.begin()),
                              std::make_move_iterator(found.directory_paths.end()));
  }
  found_.clear();
  std::sort(result.files.begin(), result.files.end(),
            [](const DiscoveredFile& a, const DiscoveredFile& b) {
              return a.relative_path < b.relative_path;
            });
  std::sort(result.directories.begin(), result.directories.end());
  std::sort(result.warnings.begin(), result.warnings.end(),
            [](const DiscoverWarning& a, const DiscoverWarning& b) {
              return std::tie(a.relative_path, a.reason) < std::tie(b.relative_path, b.reason);
            });
  return result;
}

}  // namespace trellis::ingest
