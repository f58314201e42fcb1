// When a burst of file changes has settled enough to index once: a batch is
// due `quiet` after its last change, or `max_delay` after its first one,
// whichever comes first, so a burst (a `git checkout` of 500 files) ends in
// one index and a stream that never pauses still gets one every max_delay.
// Pure: the caller passes the time, so tests drive it with a fake clock.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>

namespace trellis::watch {

struct DebounceTiming {
  std::chrono::milliseconds quiet{200};       // wait this long after the last change
  std::chrono::milliseconds max_delay{3000};  // but never longer than this after the first
};

class Debouncer {
 public:
  using Clock = std::chrono::steady_clock;

  explicit Debouncer(DebounceTiming timing) : timing_(timing) {}

  // A change seen at `now`: opens a batch, or extends the open one.
  void note(Clock::time_point now);

  // When the open batch is due; nullopt when there is none.
  std::optional<Clock::time_point> deadline() const;

  // Whether a batch is open and due at `now`.
  bool due(Clock::time_point now) const;

  // Closes the open batch (the caller is about to index it), returning how
  // many changes it held.
  std::size_t take();

  std::size_t pending() const { return changes_; }

 private:
  DebounceTiming timing_;
  Clock::time_point first_{};
  Clock::time_point last_{};
  std::size_t changes_ = 0;
};

}  // namespace trellis::watch
