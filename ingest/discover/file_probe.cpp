#include "discover/file_probe.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "discover/errno_reason.hpp"
#include "trellis/common/file_descriptor.hpp"

namespace trellis::ingest {
namespace {

// Whether the first kBinaryCheckBytes of `fd` hold a NUL byte; the error is
// the reason the file could not be read.
Result<bool> starts_with_binary_data(int fd) {
  char buffer[kBinaryCheckBytes];
  std::size_t filled = 0;
  while (filled < sizeof buffer) {
    const ssize_t count = ::read(fd, buffer + filled, sizeof buffer - filled);
    if (count == 0) break;
    if (count < 0) {
      if (errno == EINTR) continue;
      return errno_error(errno);
    }
    filled += static_cast<std::size_t>(count);
  }
  return std::memchr(buffer, '\0', filled) != nullptr;
}

FileStamp stamp_of(const struct stat& info) {
  const auto nanoseconds = [](const timespec& time) {
    return static_cast<std::int64_t>(time.tv_sec) * 1'000'000'000 + time.tv_nsec;
  };
  return FileStamp{static_cast<std::uint64_t>(info.st_size), nanoseconds(info.st_mtim), nanoseconds(info.st_ctim),
                   static_cast<std::uint64_t>(info.st_ino)};
}

}  // namespace

std::optional<FileStamp> stat_source_file(int dir_fd, const char* name, std::uint64_t max_bytes) {
  struct stat info {};
  if (::fstatat(dir_fd, name, &info, 0) != 0 || !S_ISREG(info.st_mode)) return std::nullopt;
  if (static_cast<std::uint64_t>(info.st_size) > max_bytes) return std::nullopt;
  return stamp_of(info);
}

std::string describe_size(std::uint64_t bytes) {
  constexpr std::uint64_t kKiB = 1024;
  constexpr std::uint64_t kMiB = 1024 * kKiB;
  constexpr std::uint64_t kGiB = 1024 * kMiB;
  if (bytes < kKiB) return fmt::format("{} bytes", bytes);
  const auto [unit, name] = bytes >= kGiB   ? std::pair{kGiB, "GiB"}
                            : bytes >= kMiB ? std::pair{kMiB, "MiB"}
                                            : std::pair{kKiB, "KiB"};
  if (bytes % unit == 0) return fmt::format("{} {}", bytes / unit, name);
  return fmt::format("{:.1f} {}", static_cast<double>(bytes) / static_cast<double>(unit), name);
}

Result<FileStamp> probe_source_file(int dir_fd, const char* name, std::uint64_t max_bytes) {
  const FileDescriptor file(::openat(dir_fd, name, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
  if (!file.valid()) return errno_error(errno);
  struct stat info {};
  if (::fstat(file.get(), &info) != 0) return errno_error(errno);
  if (!S_ISREG(info.st_mode)) return make_error(ErrorCode::InvalidArgument, "not a regular file");
  const auto size = static_cast<std::uint64_t>(info.st_size);
  if (size > max_bytes) {
    return make_error(
        ErrorCode::InvalidArgument,
        fmt::format("over the {} size cap ({})", describe_size(max_bytes), describe_size(size)));
  }
  const Result<bool> binary = starts_with_binary_data(file.get());
  if (!binary) return binary.error();
  if (*binary) {
    return make_error(
        ErrorCode::InvalidArgument,
        fmt::format("binary file (a NUL byte in its first {})", describe_size(kBinaryCheckBytes)));
  }
  return stamp_of(info);
}

}  // namespace trellis::ingest
