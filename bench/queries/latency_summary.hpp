// Percentiles of latency samples, in microseconds.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace trellis::bench {

struct LatencySummary {
  std::size_t samples = 0;
  double p50_us = 0;
  double p95_us = 0;
  double max_us = 0;
  double mean_us = 0;
};

// Nearest-rank percentiles; `samples` is sorted in place.
inline LatencySummary summarize_latency(std::vector<double>& samples) {
  LatencySummary s;
  s.samples = samples.size();
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  const auto rank = [&](double p) {
    const auto index = static_cast<std::size_t>(p * static_cast<double>(samples.size() - 1) + 0.5);
    return samples[std::min(index, samples.size() - 1)];
  };
  s.p50_us = rank(0.50);
  s.p95_us = rank(0.95);
  s.max_us = samples.back();
  double total = 0;
  for (const double v : samples) total += v;
  s.mean_us = total / static_cast<double>(samples.size());
  return s;
}

}  // namespace trellis::bench
