// The snapshot part of `trellis_bench store`: save a built store, then load
// it back, first right after dropping the file's pages from the page cache
// (a cold-ish load: the file is read from disk, or at least not from this
// process's cache) and then `load_runs` times with the file in the page
// cache, reporting the median. Every load is checked against the saved
// store (node and edge counts, memory, a sample of qualified names);
// mismatches are appended to `failed_checks`.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "store/store_run.hpp"
#include "trellis/common/error.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::bench {

// Writes `file` (and removes it before returning). Fails when saving or a
// load fails.
Result<SnapshotTiming> time_snapshot(const GraphStore& store, const std::filesystem::path& file,
                                     std::uint32_t load_runs,
                                     std::vector<std::string>& failed_checks);

}  // namespace trellis::bench
