#include "discover/read_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "discover/errno_reason.hpp"
#include "discover/file_descriptor.hpp"

namespace trellis::ingest {

Result<std::string> read_file_at(int dir_fd, const char* path) {
  const FileDescriptor file(::openat(dir_fd, path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
  if (!file.valid()) return errno_error(errno);
  std::string text;
  char buffer[16384];
  for (;;) {
    const ssize_t count = ::read(file.get(), buffer, sizeof buffer);
    if (count == 0) return text;
    if (count < 0) {
      if (errno == EINTR) continue;
      return errno_error(errno);
    }
    text.append(buffer, static_cast<std::size_t>(count));
  }
}

}  // namespace trellis::ingest
