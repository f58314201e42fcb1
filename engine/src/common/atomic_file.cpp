#include "trellis/common/atomic_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace trellis {
namespace {

// PATH.tmp.<pid>.<n>: unique across processes and across threads of one.
std::filesystem::path temporary_path(const std::filesystem::path& path) {
  static std::atomic<std::uint64_t> counter{0};
  std::filesystem::path temp = path;
  temp += fmt::format(".tmp.{}.{}", ::getpid(), counter.fetch_add(1));
  return temp;
}

// The pid in a name temporary_path(path) made, if `name` is one.
std::optional<pid_t> temporary_owner(std::string_view name, std::string_view prefix) {
  if (!name.starts_with(prefix)) return std::nullopt;
  name.remove_prefix(prefix.size());
  const auto dot = name.find('.');
  if (dot == 0 || dot == std::string_view::npos || dot + 1 == name.size()) return std::nullopt;
  const auto digits = [](std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (!digits(name.substr(0, dot)) || !digits(name.substr(dot + 1)) || dot > 10) return std::nullopt;
  const long pid = std::stol(std::string(name.substr(0, dot)));
  if (pid <= 0 || pid > std::numeric_limits<pid_t>::max()) return std::nullopt;
  return static_cast<pid_t>(pid);
}

// Temporary files of `path` left by processes that no longer run (killed in
// the moment between naming a finished file and renaming it).
void remove_stale_temporaries(const std::filesystem::path& path) {
  const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
  const std::string prefix = path.filename().string() + ".tmp.";
  std::error_code error;
  for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) {
    const auto owner = temporary_owner(it->path().filename().string(), prefix);
    if (owner && *owner != ::getpid() && ::kill(*owner, 0) != 0 && errno == ESRCH) {
      ::unlink(it->path().c_str());
    }
  }
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
  RemoveOnExit& operator=(RemoveOnExit&& other) noexcept {
    std::swap(path_, other.path_);
    return *this;
  }
  void release() { path_.clear(); }

 private:
  std::filesystem::path path_;
};

}  // namespace

Status replace_file_atomically(const std::filesystem::path& path, std::string_view what,
                               const std::function<int(const FileDescriptor&)>& write, bool durable) {
  auto failure = [&](std::string_view step, int error) {
    return make_error(
        ErrorCode::DatabaseError,
        fmt::format("cannot save {} {}: {}: {}", what, path.string(), step, errno_text(error)));
  };
  const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
  remove_stale_temporaries(path);
  const std::filesystem::path temp = temporary_path(path);
  // A file with no name while it is written (O_TMPFILE), so a process killed
  // meanwhile leaves nothing behind; it gets its temporary name only once
  // complete, just before the rename. File systems without O_TMPFILE get a
  // named temporary file from the start.
  FileDescriptor file = FileDescriptor::open(folder, O_TMPFILE | O_WRONLY, 0644);
  const bool anonymous = file.valid();
  if (!anonymous) file = FileDescriptor::open(temp, O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (!file.valid()) {
    const int error = errno;
    return failure(fmt::format("creating {}", temp.string()), error);
  }
  RemoveOnExit remove_temp(anonymous ? std::filesystem::path{} : temp);

  if (const int error = write(file))
    return failure(fmt::format("writing {}", temp.string()), error);
  if (const int error = durable ? file.sync() : 0)
    return failure(fmt::format("syncing {}", temp.string()), error);
  if (anonymous) {
    // linkat through /proc needs no privilege (AT_EMPTY_PATH would).
    const std::string self = fmt::format("/proc/self/fd/{}", file.get());
    if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, temp.c_str(), AT_SYMLINK_FOLLOW) != 0) {
      const int error = errno;
      return failure(fmt::format("naming {}", temp.string()), error);
    }
    remove_temp = RemoveOnExit(temp);
  }
  if (const int error = file.close())
    return failure(fmt::format("closing {}", temp.string()), error);
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    return failure(fmt::format("renaming {} over it", temp.string()), error);
  }
  remove_temp.release();
  if (!durable) return {};

  // The rename is durable once the folder's entry is on disk.
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
