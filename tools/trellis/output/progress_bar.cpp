#include "trellis/output/progress_bar.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <string>

#include "trellis/output/progress_estimate.hpp"
#include "trellis/output/text_table.hpp"

namespace trellis::output {

ProgressBar::ProgressBar(const ingest::ExtractProgress& progress) : progress_(progress) {
  if (::isatty(STDERR_FILENO) == 0) return;
  thread_ = std::thread([this] {
    using Clock = std::chrono::steady_clock;
    const auto since = [](Clock::time_point start) {
      return std::chrono::duration<double>(Clock::now() - start).count();
    };
    const auto start = Clock::now();
    std::optional<Clock::time_point> extract_start;  // when discovery was first seen done
    while (!stop_.load()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      if (!extract_start && progress_.total_files.load(std::memory_order_relaxed) > 0) extract_start = Clock::now();
      draw(since(start), extract_start ? since(*extract_start) : 0.0);
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

void ProgressBar::draw(double seconds, double extract_seconds) const {
  constexpr int kWidth = 30;
  const auto total = progress_.total_files.load(std::memory_order_relaxed);
  const auto total_bytes = progress_.total_bytes.load(std::memory_order_relaxed);
  const auto files = progress_.files.load(std::memory_order_relaxed);
  const auto lines = progress_.lines.load(std::memory_order_relaxed);
  const auto bytes = std::min(progress_.bytes.load(std::memory_order_relaxed), total_bytes);
  if (total == 0) {
    fmt::print(stderr, "\r\033[Kdiscovering files... {:.1f} s", seconds);
  } else {
    const double done = total_bytes == 0 ? 1.0 : static_cast<double>(bytes) / static_cast<double>(total_bytes);
    const int filled = static_cast<int>(done * kWidth);
    const double rate = extract_seconds > 0 ? static_cast<double>(lines) / extract_seconds : 0;
    const std::optional<double> eta = remaining_seconds(extract_seconds, bytes, total_bytes);
    fmt::print(stderr, "\r\033[K[{:=<{}}{: <{}}] {}/{} files  {}/{}  {:.0f}k lines/s  ETA {}", "", filled, "",
               kWidth - filled, files, total, format_bytes(static_cast<double>(bytes)),
               format_bytes(static_cast<double>(total_bytes)), rate / 1000.0,
               eta ? fmt::format("{:.1f} s", *eta) : std::string("..."));
  }
  std::fflush(stderr);
}

}  // namespace trellis::output
