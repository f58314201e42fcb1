#include "trellis/output/progress_bar.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace trellis::output {

ProgressBar::ProgressBar(const ingest::ExtractProgress& progress) : progress_(progress) {
  if (::isatty(STDERR_FILENO) == 0) return;
  thread_ = std::thread([this] {
    const auto start = std::chrono::steady_clock::now();
    while (!stop_.load()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      draw(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
  });
}

ProgressBar::~ProgressBar() {
  if (!thread_.joinable()) return;
  stop_.store(true);
  thread_.join();
  fmt::print(stderr, "\r\033[K");
  std::fflush(stderr);
}

void ProgressBar::draw(double seconds) const {
  constexpr int kWidth = 30;
  const auto total = progress_.total_files.load(std::memory_order_relaxed);
  const auto files = progress_.files.load(std::memory_order_relaxed);
  const auto lines = progress_.lines.load(std::memory_order_relaxed);
  if (total == 0) {
    fmt::print(stderr, "\r\033[Kdiscovering files... {:.1f} s", seconds);
  } else {
    const double done = static_cast<double>(files) / static_cast<double>(total);
    const int filled = static_cast<int>(done * kWidth);
    const double rate = seconds > 0 ? static_cast<double>(lines) / seconds : 0;
    const double eta = files > 0 ? seconds * (1.0 - done) / done : 0;
    fmt::print(stderr, "\r\033[K[{:=<{}}{: <{}}] {}/{} files  {:.0f}k lines/s  ETA {:.1f} s", "", filled, "",
               kWidth - filled, files, total, rate / 1000.0, eta);
  }
  std::fflush(stderr);
}

}  // namespace trellis::output
