// Box<T>: an owning, never-null, deep-copying pointer for the recursive parts
// of the AST (an expression inside an expression). Behaves like a T held by
// value: copying a Box copies the T, moving it moves the pointer. T may be
// incomplete where Box<T> is declared; it must be complete where a Box<T> is
// created, copied or destroyed.
#pragma once

#include <memory>
#include <utility>

namespace trellis::cypher::ast {

template <class T>
class Box {
 public:
  Box() : ptr_(std::make_unique<T>()) {}
  Box(T value) : ptr_(std::make_unique<T>(std::move(value))) {}  // NOLINT: implicit by design
  Box(const Box& other) : ptr_(std::make_unique<T>(*other.ptr_)) {}
  Box(Box&& other) noexcept = default;
  Box& operator=(const Box& other) {
    if (this != &other) ptr_ = std::make_unique<T>(*other.ptr_);
    return *this;
  }
  Box& operator=(Box&& other) noexcept = default;
  ~Box() = default;

  // A moved-from Box holds no T: only assigning to it or destroying it is allowed.
  T& operator*() { return *ptr_; }
  const T& operator*() const { return *ptr_; }
  T* operator->() { return ptr_.get(); }
  const T* operator->() const { return ptr_.get(); }
  T& get() { return *ptr_; }
  const T& get() const { return *ptr_; }

 private:
  std::unique_ptr<T> ptr_;
};

}  // namespace trellis::cypher::ast
