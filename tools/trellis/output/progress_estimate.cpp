#include "trellis/output/progress_estimate.hpp"

namespace trellis::output {

std::optional<double> remaining_seconds(double extract_seconds, std::uint64_t bytes_done,
                                        std::uint64_t total_bytes) {
  if (bytes_done >= total_bytes) return 0.0;
  if (bytes_done == 0 || extract_seconds < kMinEstimateSeconds) return std::nullopt;
  return extract_seconds * static_cast<double>(total_bytes - bytes_done) /
         static_cast<double>(bytes_done);
}

}  // namespace trellis::output
