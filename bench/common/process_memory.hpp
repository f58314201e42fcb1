// Memory of this process as the kernel counts it.
#pragma once

#include <cstdint>

namespace trellis::bench {

// Peak resident set size since the process started (getrusage), in bytes.
std::uint64_t peak_rss_bytes();

}  // namespace trellis::bench
