// Wall-clock time since construction, in milliseconds.
#pragma once

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

}  // namespace trellis::bench
