// A directory tree built by one test under the system's temporary directory
// and removed, with everything in it, when the test ends.
#pragma once

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/temp_dir.hpp"
#include "trellis/ingest/discover.hpp"

namespace trellis::ingest::testing {

class TempTree {
 public:
  TempTree() {
    // Readable by everyone, so that a test can walk it as another user.
    ::chmod(dir_.path().c_str(), 0755);
    root_ = std::filesystem::canonical(dir_.path());
  }
  TempTree(const TempTree&) = delete;
  TempTree& operator=(const TempTree&) = delete;
  // Gives locked paths their permissions back; dir_ then removes everything.
  ~TempTree() {
    for (const auto& locked : locked_) ::chmod(locked.c_str(), 0755);
  }

  const std::filesystem::path& root() const { return root_; }
  std::filesystem::path path(std::string_view relative) const { return root_ / relative; }

  // Writes `content` to the file `relative`, creating its directories.
  void write(std::string_view relative, std::string_view content = "x = 1\n") const {
    const std::filesystem::path file = path(relative);
    std::filesystem::create_directories(file.parent_path());
    std::ofstream out(file, std::ios::binary);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
  }
  void make_directory(std::string_view relative) const {
    std::filesystem::create_directories(path(relative));
  }
  // A symlink at `relative` whose target is `target`, written as given.
  void symlink(const std::filesystem::path& target, std::string_view relative) const {
    std::filesystem::create_directories(path(relative).parent_path());
    std::filesystem::create_symlink(target, path(relative));
  }
  // Takes every permission away from `relative`; given back before removal.
  void lock(std::string_view relative) {
    locked_.push_back(path(relative));
    ::chmod(locked_.back().c_str(), 0);
  }

 private:
  TempDir dir_;
  std::filesystem::path root_;
  std::vector<std::filesystem::path> locked_;
};

// The relative paths of the files found, in the result's order.
inline std::vector<std::string> paths_of(const DiscoverResult& result) {
  std::vector<std::string> paths;
  for (const DiscoveredFile& file : result.files) paths.push_back(file.relative_path);
  return paths;
}

// Discovery of every file under `tree`'s root with `options` (its root set
// to the tree's); fails the test when discovery fails.
inline DiscoverResult discover_tree(const TempTree& tree, DiscoverOptions options = {}) {
  options.root = tree.root();
  Result<DiscoverResult> result = discover_files(options);
  if (!result) throw std::runtime_error("discovery failed: " + result.error().message);
  return std::move(result).value();
}

// The discovered files' paths and sizes, in order (their stamps left out).
inline std::vector<std::pair<std::string, std::uint64_t>> paths_and_sizes(const std::vector<DiscoveredFile>& files) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  for (const DiscoveredFile& file : files) out.emplace_back(file.relative_path, file.size);
  return out;
}

// Wants Python files only.
inline bool python_only(std::string_view relative_path) {
  return relative_path.ends_with(".py");
}

}  // namespace trellis::ingest::testing
