// A TreeWatcher on its own thread, for a process that does something else
// meanwhile (`trellis serve --watch` answers requests): stopped and joined
// when destroyed. The watcher and the server share nothing but the
// snapshot file, which is replaced atomically.
#pragma once

#include <memory>
#include <thread>

#include "trellis/common/error.hpp"
#include "watch/stop_signal.hpp"
#include "watch/tree_watcher.hpp"

namespace trellis::watch {

class BackgroundWatch {
 public:
  // Runs `watcher` (indexing first) on a new thread; a watch that ends on
  // an error says so through `log` (the process goes on without it).
  static Result<std::unique_ptr<BackgroundWatch>> start(std::unique_ptr<TreeWatcher> watcher, WatchLog log);

  // Stops the watch, after the index under way if any, and joins it.
  ~BackgroundWatch();
  BackgroundWatch(const BackgroundWatch&) = delete;
  BackgroundWatch& operator=(const BackgroundWatch&) = delete;

 private:
  explicit BackgroundWatch(StopEvent stop) : stop_(std::move(stop)) {}

  StopEvent stop_;
  std::thread thread_;  // last: joined before the event closes
};

}  // namespace trellis::watch
