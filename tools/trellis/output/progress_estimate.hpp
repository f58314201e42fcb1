// The time left to parse, as the progress bar shows it. Parsing time follows
// file size, not file count, and files are parsed largest first, so the
// estimate is made from bytes: seconds spent parsing so far times the bytes
// left over the bytes done. (Counting files said 318 s at the start of a
// 3.3 s index: the few files done then were the largest.)
#pragma once

#include <cstdint>
#include <optional>

namespace trellis::output {

// Below these, an estimate is mostly noise and none is shown.
inline constexpr double kMinEstimateSeconds = 0.3;

// Seconds left when `bytes_done` of `total_bytes` took `extract_seconds`
// (counted from the end of discovery, not from the start of the index):
// nullopt before kMinEstimateSeconds of parsing or before any byte is done;
// 0 once every byte is done.
std::optional<double> remaining_seconds(double extract_seconds, std::uint64_t bytes_done,
                                        std::uint64_t total_bytes);

}  // namespace trellis::output
