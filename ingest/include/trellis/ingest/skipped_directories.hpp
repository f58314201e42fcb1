// Directories file discovery never enters, whatever the ignore files say.
#pragma once

#include <array>
#include <string_view>

namespace trellis::ingest {

// Names of directories skipped at any depth, and of symlinks to directories
// (which are never followed, but then go unreported). An entry starting with
// '*' matches names ending with the rest. `.git` is skipped even when it is a
// file (worktrees and submodules point to their repository with one).
inline constexpr auto kSkippedDirectoryNames = std::to_array<std::string_view>(
    {// version control metadata
     ".git", ".hg", ".svn",
     // installed dependencies
     "node_modules", "bower_components",
     // build output and packaging
     "build", "dist", ".eggs", "*.egg-info", ".gradle", ".next", ".nuxt", ".svelte-kit",
     ".terraform",
     // caches of tools and test runners
     "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".pytype", ".hypothesis", ".tox",
     ".nox", ".cache", ".parcel-cache", ".turbo", ".ipynb_checkpoints", "htmlcov", ".direnv",
     // editor and tool state, Trellis' own included
     ".trellis", ".idea", ".vscode", ".vs", ".history"});

// Python environments are skipped too (the walk's root excepted): any
// directory holding a `pyvenv.cfg` file (venv, virtualenv, uv) or a
// `conda-meta` directory (conda), and a directory with one of these names
// that holds `bin/activate`.
inline constexpr auto kVirtualenvDirectoryNames =
    std::to_array<std::string_view>({".venv", "venv", "env", ".env"});

// Whether an entry named `name` is skipped by kSkippedDirectoryNames;
// `is_directory` is true for directories and symlinks to directories.
bool is_skipped_directory(std::string_view name, bool is_directory);

}  // namespace trellis::ingest
