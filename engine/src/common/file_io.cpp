#include "trellis/common/file_io.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace trellis {
namespace {

Error io_error(std::string_view action, const std::filesystem::path& path, int error_number) {
  return make_error(
      ErrorCode::InvalidArgument,
      fmt::format("cannot {} {}: {}", action, path.string(), std::strerror(error_number)));
}

// Closes the descriptor when it goes out of scope.
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }
  // Closes now, reporting the error close() may return.
  int close() {
    const int result = ::close(fd_);
    fd_ = -1;
    return result;
  }

 private:
  int fd_;
};

Status write_all(int fd, std::string_view content, const std::filesystem::path& path) {
  while (!content.empty()) {
    const ssize_t written = ::write(fd, content.data(), content.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return io_error("write", path, errno);
    }
    content.remove_prefix(static_cast<std::size_t>(written));
  }
  return {};
}

}  // namespace

Result<std::string> read_file(const std::filesystem::path& path) {
  FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) return io_error("read", path, errno);
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) return io_error("read", path, errno);
  if (S_ISDIR(info.st_mode)) return io_error("read", path, EISDIR);
  std::string content(static_cast<std::size_t>(info.st_size), '\0');
  std::size_t filled = 0;
  while (filled < content.size()) {
    const ssize_t got = ::read(fd.get(), content.data() + filled, content.size() - filled);
    if (got < 0) {
      if (errno == EINTR) continue;
      return io_error("read", path, errno);
    }
    if (got == 0) break;  // the file shrank while we read it
    filled += static_cast<std::size_t>(got);
  }
  content.resize(filled);
  return content;
}

Status write_file_atomically(const std::filesystem::path& path, std::string_view content) {
  std::filesystem::path temporary = path;
  temporary += fmt::format(".tmp.{}", ::getpid());
  FileDescriptor fd(::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
  if (fd.get() < 0) return io_error("write", path, errno);
  Status status = write_all(fd.get(), content, path);
  if (status.ok() && ::fsync(fd.get()) != 0) status = io_error("write", path, errno);
  if (fd.close() != 0 && status.ok()) status = io_error("write", path, errno);
  if (status.ok() && ::rename(temporary.c_str(), path.c_str()) != 0)
    status = io_error("write", path, errno);
  if (!status.ok()) ::unlink(temporary.c_str());
  return status;
}

}  // namespace trellis
