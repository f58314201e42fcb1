// PodArray<T>: an immutable array of trivially copyable values that either
// owns its storage (built in memory) or views a region of a shared buffer
// (a loaded snapshot). Every array of the store is one, so the snapshot
// writer, the loader and the memory report treat them all alike.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

namespace trellis {

template <class T>
class PodArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  using value_type = T;

  PodArray() = default;
  explicit PodArray(std::vector<T> values) {
    auto owned = std::make_shared<const std::vector<T>>(std::move(values));
    data_ = std::span<const T>(*owned);
    owner_ = std::move(owned);
  }
  // A view kept alive by `owner` (for example a mapped snapshot file).
  PodArray(std::shared_ptr<const void> owner, std::span<const T> data)
      : owner_(std::move(owner)), data_(data) {}

  std::span<const T> span() const { return data_; }
  std::size_t size() const { return data_.size(); }
  bool empty() const { return data_.empty(); }
  std::size_t size_bytes() const { return data_.size_bytes(); }
  const T& operator[](std::size_t i) const { return data_[i]; }
  const T* data() const { return data_.data(); }
  auto begin() const { return data_.begin(); }
  auto end() const { return data_.end(); }

 private:
  std::shared_ptr<const void> owner_;
  std::span<const T> data_;
};

}  // namespace trellis
