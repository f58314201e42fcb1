// Wall-clock time since construction, in milliseconds; and the CPU time
// all threads of the process used since construction, which a machine
// shared with other work disturbs much less.
#pragma once

#include <time.h>

#include <chrono>

namespace trellis::bench {

class Stopwatch {
 public:
  double elapsed_ms() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_)
        .count();
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

class CpuStopwatch {
 public:
  double elapsed_ms() const { return now_ms() - start_; }

 private:
  static double now_ms() {
    timespec t{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
  }
  double start_ = now_ms();
};

}  // namespace trellis::bench
