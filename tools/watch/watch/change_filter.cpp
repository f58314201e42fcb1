#include "watch/change_filter.hpp"

#include <algorithm>
#include <array>

#include "trellis/ingest/skipped_directories.hpp"

namespace trellis::watch {
namespace {

// Files index reads beside the sources: they change what is excluded, how
// modules are named or how imports resolve.
constexpr auto kSettingFiles =
    std::to_array<std::string_view>({".gitignore", "go.mod", "package.json", "tsconfig.json", "jsconfig.json"});

std::string_view last_component(std::string_view path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// Whether a component of the directories above `path`'s last one is skipped
// (a path inside node_modules/ reached through a watch added before the
// watch set was trimmed).
bool inside_skipped_directory(std::string_view path) {
  for (std::size_t slash = path.find('/'); slash != std::string_view::npos; slash = path.find('/', slash + 1)) {
    const std::string_view above = path.substr(0, slash);
    if (ingest::is_skipped_directory(last_component(above), true)) return true;
  }
  return false;
}

}  // namespace

ChangeFilter::ChangeFilter(const std::vector<std::unique_ptr<ingest::LanguageFrontend>>& languages,
                           const std::vector<std::string>& exclude_globs, std::string database_prefix)
    : languages_(languages),
      excludes_(ingest::IgnoreList::from_patterns("", exclude_globs)),
      database_prefix_(std::move(database_prefix)) {}

bool ChangeFilter::excluded(std::string_view path, bool is_directory) const {
  if (inside_skipped_directory(path)) return true;
  return excludes_.check(path, is_directory) == ingest::IgnoreVerdict::Excluded;
}

bool ChangeFilter::enters_directory(std::string_view path) const {
  if (path.empty()) return true;
  return !ingest::is_skipped_directory(last_component(path), true) && !excluded(path, true);
}

bool ChangeFilter::matters(std::string_view path, bool is_directory) const {
  if (path.empty()) return false;
  if (!database_prefix_.empty() && path.starts_with(database_prefix_)) return false;
  if (is_directory) return enters_directory(path);
  if (excluded(path, false)) return false;
  if (std::ranges::find(kSettingFiles, last_component(path)) != kSettingFiles.end()) return true;
  return std::ranges::any_of(languages_, [&](const auto& language) { return language->handles(path); });
}

}  // namespace trellis::watch
