#include "trellis/common/file_io.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "trellis/common/atomic_file.hpp"
#include "trellis/common/file_descriptor.hpp"

namespace trellis {
namespace {

Error io_error(std::string_view action, const std::filesystem::path& path, int error_number) {
  return make_error(ErrorCode::InvalidArgument,
                    fmt::format("cannot {} {}: {}", action, path.string(), std::strerror(error_number)));
}

}  // namespace

Result<std::string> read_file(const std::filesystem::path& path) {
  const FileDescriptor fd = FileDescriptor::open(path, O_RDONLY | O_CLOEXEC);
  if (!fd.valid()) return io_error("read", path, errno);
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
  Status status = replace_file_atomically(path, "file", [content](const FileDescriptor& file) {
    return file.write_all(std::as_bytes(std::span(content.data(), content.size())));
  });
  if (status.ok()) return status;
  // Same failure, reported as the refused request it is for the caller.
  return make_error(ErrorCode::InvalidArgument, std::move(status).take_error().message);
}

}  // namespace trellis
