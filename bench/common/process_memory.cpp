#include "common/process_memory.hpp"

#include <sys/resource.h>

namespace trellis::bench {

std::uint64_t peak_rss_bytes() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux reports kilobytes
}

}  // namespace trellis::bench
