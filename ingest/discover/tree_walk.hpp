// The parallel walk behind discover_files(): every directory found becomes a
// task that TBB's work-stealing scheduler hands to an idle thread; each
// thread collects its own files and warnings, merged and sorted at the end.
#pragma once

#include <tbb/enumerable_thread_specific.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "discover/directory_listing.hpp"
#include "discover/repository.hpp"
#include "trellis/ingest/discover.hpp"
#include "trellis/ingest/gitignore.hpp"
#include "trellis/ingest/ignore_rules.hpp"
#include "trellis/common/parallel.hpp"

namespace trellis::ingest {

// A directory waiting to be listed.
struct PendingDirectory {
  std::string path;   // from the repository's top ("" for the top)
  IgnoreRules rules;  // in force for its entries, its own .gitignore aside
};

class TreeWalk {
 public:
  // `root` is the walked directory (absolute, no symlinks), `top_fd` an open
  // descriptor of context.top. All arguments must outlive the walk.
  TreeWalk(const DiscoverOptions& options, const RepositoryContext& context,
           const std::string& root, int top_fd);

  // Walks every directory under the root, in the calling thread's task arena.
  void run();

  // Everything found, sorted.
  DiscoverResult take_result();

 private:
  struct Found {
    std::vector<DiscoveredFile> files;
    std::vector<DiscoverWarning> warnings;
    std::size_t directories = 0;
    std::vector<std::string> directory_paths;  // from the root
  };

  void visit(const PendingDirectory& directory, trellis::Feeder<PendingDirectory>& feeder);
  void visit_symlink(Found& found, const DirectoryListing& listing, const std::string& directory,
                     const std::string& name, std::string_view relative);
  void add_if_readable_text(Found& found, int dir_fd, const std::string& name,
                            std::string_view relative) const;

  bool excluded(std::string_view path, bool is_directory, const IgnoreRules& rules) const;
  bool wanted(std::string_view relative) const;
  // A path from the repository's top, made relative to the root ("" for the
  // root itself).
  std::string_view from_root(std::string_view path) const;

  const DiscoverOptions& options_;
  const RepositoryContext& context_;
  const std::string& root_;
  int top_fd_;
  IgnoreList exclude_globs_;
  tbb::enumerable_thread_specific<Found> found_;
};

}  // namespace trellis::ingest
