// MappedFile: a whole file mapped read-only (MAP_PRIVATE), unmapped when the
// last owner lets go. A loaded snapshot's arrays view it and share it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

namespace trellis {

class MappedFile {
 public:
  // Maps the first `size` bytes (size > 0) of the open file `fd`. With
  // `populate`, the pages are read in now rather than on first touch.
  // Check valid(), and error() (an errno value) when it is not.
  MappedFile(int fd, std::size_t size, bool populate);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  bool valid() const { return data_ != nullptr; }
  int error() const { return error_; }
  std::span<const std::byte> bytes() const { return {data_, size_}; }

  // The values of type T stored in `bytes`, which must lie in this mapping
  // and start at a multiple of alignof(T) from its (page-aligned) start.
  // The file holds the object representations written by save_snapshot;
  // this is the one place that reads them as T.
  template <class T>
  static std::span<const T> view_as(std::span<const std::byte> bytes) {
    static_assert(std::is_trivially_copyable_v<T>);
    return {reinterpret_cast<const T*>(bytes.data()), bytes.size() / sizeof(T)};
  }

 private:
  const std::byte* data_ = nullptr;
  std::size_t size_ = 0;
  int error_ = 0;
};

}  // namespace trellis
