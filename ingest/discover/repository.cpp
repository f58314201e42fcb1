#include "discover/repository.hpp"

#include <fcntl.h>
#include <sys/stat.h>

#include <filesystem>
#include <string_view>

#include "discover/read_file.hpp"

namespace trellis::ingest {
namespace {

namespace fs = std::filesystem;

std::string_view trim_line_end(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) {
    text.remove_suffix(1);
  }
  return text;
}

// The repository's git directory named by the `.git` entry in `top`: the
// entry itself, or the directory a `gitdir: PATH` pointer file names.
fs::path git_directory(const fs::path& top) {
  const fs::path entry = top / ".git";
  struct stat info {};
  if (::stat(entry.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) return entry;
  const Result<std::string> pointer = read_file_at(AT_FDCWD, entry.c_str());
  constexpr std::string_view kPrefix = "gitdir:";
  if (!pointer || !std::string_view(*pointer).starts_with(kPrefix)) return {};
  std::string_view target = trim_line_end(std::string_view(*pointer).substr(kPrefix.size()));
  while (!target.empty() && target.front() == ' ') target.remove_prefix(1);
  return top / fs::path(target);
}

// Where info/exclude lives: the common directory of a linked worktree (named
// by its `commondir` file), else the git directory itself.
fs::path common_directory(const fs::path& git_dir) {
  const Result<std::string> common = read_file_at(AT_FDCWD, (git_dir / "commondir").c_str());
  if (!common) return git_dir;
  return git_dir / fs::path(trim_line_end(*common));
}

IgnoreRules with_file(const IgnoreRules& rules, std::string base, const fs::path& file) {
  const Result<std::string> text = read_file_at(AT_FDCWD, file.c_str());
  if (!text) return rules;
  return rules.with_innermost(IgnoreList::parse(std::move(base), *text));
}

}  // namespace

RepositoryContext find_repository(const std::string& root) {
  const fs::path root_path(root);
  RepositoryContext context{root, "", IgnoreRules{}};
  for (fs::path dir = root_path;; dir = dir.parent_path()) {
    struct stat info {};
    if (::lstat((dir / ".git").c_str(), &info) == 0 &&
        (S_ISDIR(info.st_mode) || S_ISREG(info.st_mode))) {
      context.top = dir.string();
      break;
    }
    if (dir == dir.parent_path()) return context;
  }
  const fs::path top(context.top);
  const fs::path git_dir = git_directory(top);
  if (!git_dir.empty()) {
    context.rules = with_file(context.rules, "", common_directory(git_dir) / "info" / "exclude");
  }
  if (top == root_path) return context;
  context.root_from_top = root_path.lexically_relative(top).generic_string();
  std::string base;
  for (const fs::path& component : fs::path(context.root_from_top).parent_path()) {
    context.rules = with_file(context.rules, base, top / base / ".gitignore");
    if (!base.empty()) base += '/';
    base += component.generic_string();
  }
  context.rules = with_file(context.rules, base, top / base / ".gitignore");
  return context;
}

}  // namespace trellis::ingest
