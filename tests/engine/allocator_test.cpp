// Sanitizer builds use the sanitizer's allocator instead (see TrellisDependencies.cmake).
#if TRELLIS_WITH_MIMALLOC
#include <doctest/doctest.h>
#include <mimalloc.h>

#include <cstdlib>
#include <memory>
#include <string>

TEST_CASE("mimalloc serves operator new and malloc in Trellis binaries") {
  const auto object = std::make_unique<std::string>(std::string(100, 'x'));
  CHECK(mi_is_in_heap_region(object.get()));
  CHECK(mi_is_in_heap_region(object->data()));
  void* raw = std::malloc(64);
  CHECK(mi_is_in_heap_region(raw));
  std::free(raw);
}
#endif
