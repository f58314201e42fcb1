#include "watch/background_watch.hpp"

#include <fmt/format.h>

namespace trellis::watch {

Result<std::unique_ptr<BackgroundWatch>> BackgroundWatch::start(std::unique_ptr<TreeWatcher> watcher, WatchLog log) {
  auto stop = StopEvent::make();
  if (!stop.ok()) return std::move(stop).take_error();
  std::unique_ptr<BackgroundWatch> background(new BackgroundWatch(std::move(stop).value()));
  background->thread_ = std::thread([watcher = std::move(watcher), log = std::move(log), fd = background->stop_.fd()] {
    if (Status watched = watcher->run(fd); !watched.ok()) {
      log(fmt::format("stopped watching: {}", watched.error().message));
    }
  });
  return background;
}

BackgroundWatch::~BackgroundWatch() {
  stop_.raise();
  if (thread_.joinable()) thread_.join();
}

}  // namespace trellis::watch
