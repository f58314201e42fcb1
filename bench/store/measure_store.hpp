// One run of `trellis_bench store`: generate a code graph, build its store,
// count and measure it. Consistency checks that fail (the store does not
// have the requested node count, per-label counts do not add up, ...) are
// listed in StoreRun::failed_checks rather than stopping the run.
#pragma once

#include <cstdint>

#include "store/store_run.hpp"
#include "trellis/common/error.hpp"

namespace trellis::bench {

struct StoreRunOptions {
  std::uint32_t nodes = 0;
  std::uint64_t seed = 1;
};

// Fails when the generator refuses the options or the build fails.
Result<StoreRun> measure_store(const StoreRunOptions& options);

}  // namespace trellis::bench
