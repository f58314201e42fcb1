#include "atomic_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <string>

namespace trellis {
namespace {

// PATH.tmp.<pid>.<n>: unique across processes and across threads of one.
std::filesystem::path temporary_path(const std::filesystem::path& path) {
  static std::atomic<std::uint64_t> counter{0};
  std::filesystem::path temp = path;
  temp += fmt::format(".tmp.{}.{}", ::getpid(), counter.fetch_add(1));
  return temp;
}

// Removes the file it names when destroyed, unless released.
class RemoveOnExit {
 public:
  explicit RemoveOnExit(std::filesystem::path path) : path_(std::move(path)) {}
  ~RemoveOnExit() {
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  RemoveOnExit(const RemoveOnExit&) = delete;
  RemoveOnExit& operator=(const RemoveOnExit&) = delete;
  void release() { path_.clear(); }

 private:
  std::filesystem::path path_;
};

}  // namespace

Status replace_file_atomically(const std::filesystem::path& path, std::string_view what,
                               const std::function<int(const FileDescriptor&)>& write) {
  auto failure = [&](std::string_view step, int error) {
    return make_error(
        ErrorCode::DatabaseError,
        fmt::format("cannot save {} {}: {}: {}", what, path.string(), step, errno_text(error)));
  };
  const std::filesystem::path temp = temporary_path(path);
  FileDescriptor file = FileDescriptor::open(temp, O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (!file.valid()) {
    const int error = errno;
    return failure(fmt::format("creating {}", temp.string()), error);
  }
  RemoveOnExit remove_temp(temp);

  if (const int error = write(file))
    return failure(fmt::format("writing {}", temp.string()), error);
  if (const int error = file.sync())
    return failure(fmt::format("syncing {}", temp.string()), error);
  if (const int error = file.close())
    return failure(fmt::format("closing {}", temp.string()), error);
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    return failure(fmt::format("renaming {} over it", temp.string()), error);
  }
  remove_temp.release();

  // The rename is durable once the folder's entry is on disk.
  const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
  const FileDescriptor folder_fd = FileDescriptor::open(folder, O_RDONLY | O_DIRECTORY);
  if (!folder_fd.valid()) {
    const int error = errno;
    return failure(fmt::format("opening folder {} to sync it", folder.string()), error);
  }
  if (const int error = folder_fd.sync())
    return failure(fmt::format("syncing folder {}", folder.string()), error);
  return {};
}

}  // namespace trellis
