#include "mapped_file.hpp"

#include <sys/mman.h>

#include <cerrno>

namespace trellis {

MappedFile::MappedFile(int fd, std::size_t size, bool populate) {
  void* address =
      ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | (populate ? MAP_POPULATE : 0), fd, 0);
  if (address == MAP_FAILED) {
    error_ = errno;
    return;
  }
  data_ = static_cast<const std::byte*>(address);
  size_ = size;
}

MappedFile::~MappedFile() {
  if (valid()) ::munmap(const_cast<std::byte*>(data_), size_);
}

}  // namespace trellis
