#include "trellis/ingest/discover.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cerrno>
#include <exception>
#include <limits>
#include <system_error>

#include "discover/errno_reason.hpp"
#include "discover/file_descriptor.hpp"
#include "discover/repository.hpp"
#include "discover/tree_walk.hpp"

namespace trellis::ingest {
namespace {

Error unusable_root(const std::filesystem::path& root, std::string_view reason) {
  return make_error(ErrorCode::InvalidArgument,
                    fmt::format("cannot index '{}': {}", root.string(), reason));
}

// The root as an absolute path without symlinks, once it is known to be a
// readable directory.
Result<std::string> usable_root(const std::filesystem::path& root) {
  if (root.empty()) {
    return make_error(ErrorCode::InvalidArgument, "no directory to index was given");
  }
  std::error_code error;
  const std::filesystem::path canonical = std::filesystem::canonical(root, error);
  if (error) return unusable_root(root, describe_errno(error.value()));
  if (!std::filesystem::is_directory(canonical, error)) {
    return unusable_root(root, "not a directory");
  }
  const FileDescriptor readable(::open(canonical.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!readable.valid()) return unusable_root(root, describe_errno(errno));
  return canonical.string();
}

int arena_concurrency(unsigned jobs) {
  if (jobs == 0) return tbb::task_arena::automatic;
  return static_cast<int>(std::min(jobs, static_cast<unsigned>(std::numeric_limits<int>::max())));
}

Result<DiscoverResult> discover_checked(const DiscoverOptions& options) {
  const Result<std::string> root = usable_root(options.root);
  if (!root) return root.error();
  const RepositoryContext context = find_repository(*root);
  const FileDescriptor top(::open(context.top.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC));
  if (!top.valid()) return unusable_root(options.root, describe_errno(errno));

  TreeWalk walk(options, context, *root, top.get());
  tbb::task_arena arena(arena_concurrency(options.jobs));
  arena.execute([&walk] { walk.run(); });
  return walk.take_result();
}

}  // namespace

Result<DiscoverResult> discover_files(const DiscoverOptions& options) {
  try {
    return discover_checked(options);
  } catch (const std::exception& failure) {
    return make_error(ErrorCode::Internal,
                      fmt::format("file discovery failed: {}", failure.what()));
  }
}

}  // namespace trellis::ingest
