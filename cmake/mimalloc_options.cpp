// Compiled into every Trellis binary that links mimalloc (see
// trellis_executable in cmake/TrellisDependencies.cmake), never into a
// library. Indexing allocates a few hundred MB of small objects (file facts,
// resolver tables); with 4 KiB pages the first touch of each page is a page
// fault, which dominated the kernel time of `trellis index` on sympy
// (~100k faults; ~16k with 2 MiB pages). Large OS pages are transparent huge
// pages where the kernel offers them (madvise), plain pages elsewhere.
#include <mimalloc.h>

#include <cstdlib>

namespace {

// mimalloc sizes its OS pages and maps its first segment when it
// initialises, in its shared library's initialiser: options set later (say
// by a static constructor of the program) miss that segment, which the main
// thread then fills with 4 KiB pages. So they are set from the program's
// preinit array, which the dynamic loader runs before any library's
// initialiser. An option named in the environment is left to it.
void set_mimalloc_options(int /*argc*/, char** /*argv*/, char** /*envp*/) {
  if (std::getenv("MIMALLOC_LARGE_OS_PAGES") == nullptr) mi_option_enable(mi_option_large_os_pages);
  if (std::getenv("MIMALLOC_ALLOW_DECOMMIT") == nullptr) mi_option_disable(mi_option_allow_decommit);
  // A thread's first segment is otherwise committed lazily, page by page:
  // 4 KiB faults, not large pages, for the thread pool's workers.
  if (std::getenv("MIMALLOC_EAGER_COMMIT_DELAY") == nullptr) mi_option_set(mi_option_eager_commit_delay, 0);
}

[[gnu::section(".preinit_array"), gnu::used]] void (*const kSetMimallocOptions)(int, char**, char**) =
    &set_mimalloc_options;

}  // namespace
