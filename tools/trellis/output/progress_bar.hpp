// A progress line on a terminal's stderr (files, bytes, lines/s, ETA),
// redrawn by a background thread while ingest works; silent when stderr is
// no terminal. The bar and the ETA follow bytes parsed (progress_estimate.hpp).
#pragma once

#include <atomic>
#include <thread>

#include "trellis/ingest/extract_files.hpp"

namespace trellis::output {

class ProgressBar {
 public:
  // Starts drawing `progress` when stderr is a terminal.
  explicit ProgressBar(const ingest::ExtractProgress& progress);
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  // Stops and erases the line.
  ~ProgressBar();

 private:
  // `seconds` since the index started; `extract_seconds` since discovery ended.
  void draw(double seconds, double extract_seconds) const;

  const ingest::ExtractProgress& progress_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace trellis::output
