// FileDescriptor: an owned POSIX file descriptor, closed when it goes out of
// scope. Calls report failure as an errno value (0 on success) so callers
// can put the reason into their own error messages.
#pragma once

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>

namespace trellis {

class FileDescriptor {
 public:
  FileDescriptor() = default;
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor();
  FileDescriptor(FileDescriptor&& other) noexcept;
  FileDescriptor& operator=(FileDescriptor&& other) noexcept;
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;

  // ::open(path, flags, mode); check valid(), and errno when it is not.
  static FileDescriptor open(const std::filesystem::path& path, int flags, unsigned mode = 0);

  bool valid() const { return fd_ >= 0; }
  int get() const { return fd_; }

  // Writes every byte, retrying short writes and interrupts.
  int write_all(std::span<const std::byte> bytes) const;
  int sync() const;
  // Closes now, reporting close()'s error: a writer must know its data got out.
  int close();

 private:
  int fd_ = -1;
};

// errno as text, e.g. "Permission denied".
std::string errno_text(int error);

}  // namespace trellis
