// One run of `trellis_bench store`: generate a code graph, build its store,
// count and measure it, then save it as a snapshot and time loading it
// (snapshot_timing.hpp). Consistency checks that fail (the store does not
// have the requested node count, per-label counts do not add up, the loaded
// snapshot differs from the built store, ...) are listed in
// StoreRun::failed_checks rather than stopping the run.
#pragma once

#include <cstdint>
#include <filesystem>

#include "store/store_run.hpp"
#include "trellis/common/error.hpp"

namespace trellis::bench {

struct StoreRunOptions {
  std::uint32_t nodes = 0;
  std::uint64_t seed = 1;
  std::filesystem::path snapshot_file;  // written, then removed
  std::uint32_t load_runs = 5;          // warm loads, for the median
};

// Fails when the generator refuses the options, or the build, the snapshot
// save or a load fails.
Result<StoreRun> measure_store(const StoreRunOptions& options);

}  // namespace trellis::bench
