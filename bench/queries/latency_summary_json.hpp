// A LatencySummary as the JSON object the bench modes report, in milliseconds.
#pragma once

#include <nlohmann/json.hpp>

#include "queries/latency_summary.hpp"

namespace trellis::bench {

inline nlohmann::ordered_json latency_summary_ms(const LatencySummary& s) {
  return {{"samples", s.samples}, {"p50", s.p50_us / 1000}, {"p95", s.p95_us / 1000}, {"max", s.max_us / 1000},
          {"mean", s.mean_us / 1000}};
}

}  // namespace trellis::bench
