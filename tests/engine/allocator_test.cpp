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

TEST_CASE("the binary's mimalloc options are set unless the environment names them") {
  // Set in cmake/mimalloc_options.cpp's preinit function, before mimalloc
  // initialised (MIMALLOC_VERBOSE=1 shows them in its start-up report).
  if (std::getenv("MIMALLOC_LARGE_OS_PAGES") == nullptr) CHECK(mi_option_is_enabled(mi_option_large_os_pages));
  if (std::getenv("MIMALLOC_ALLOW_DECOMMIT") == nullptr) CHECK_FALSE(mi_option_is_enabled(mi_option_allow_decommit));
  if (std::getenv("MIMALLOC_EAGER_COMMIT_DELAY") == nullptr) CHECK(mi_option_get(mi_option_eager_commit_delay) == 0);
}
#endif
