// Compiled into every Trellis binary that links mimalloc (see
// trellis_executable in cmake/TrellisDependencies.cmake), never into a
// library. Indexing allocates a few hundred MB of small objects (file facts,
// resolver tables); with 4 KiB pages the first touch of each page is a page
// fault, which dominated the kernel time of `trellis index` on sympy
// (~100k faults; ~16k with 2 MiB pages). Large OS pages are transparent huge
// pages where the kernel offers them (madvise), plain pages elsewhere.
#include <mimalloc.h>

namespace {

struct MimallocOptions {
  MimallocOptions() {
    mi_option_enable(mi_option_large_os_pages);
    mi_option_disable(mi_option_allow_decommit);
  }
};

// Runs before main, so every segment mimalloc maps for the program uses it.
const MimallocOptions kOptions;

}  // namespace
