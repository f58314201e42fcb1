#include "watch/tree_watcher.hpp"

#include <poll.h>

#include <algorithm>
#include <array>
#include <cerrno>

#include <fmt/format.h>

namespace trellis::watch {
namespace {

using Clock = Debouncer::Clock;

// The snapshot's path from the root when the snapshot lies inside the tree.
std::string database_prefix(const std::filesystem::path& root, const std::filesystem::path& database) {
  const std::filesystem::path relative = database.lexically_relative(root);
  if (relative.empty() || *relative.begin() == "..") return {};
  return relative.generic_string();
}

// poll()'s timeout until `deadline` (rounded up, so it is never early).
int timeout_until(std::optional<Clock::time_point> deadline, Clock::time_point now) {
  if (!deadline) return -1;
  if (*deadline <= now) return 0;
  const auto wait = std::chrono::ceil<std::chrono::milliseconds>(*deadline - now);
  return static_cast<int>(std::min<std::chrono::milliseconds::rep>(wait.count(), 60'000));
}

std::string plural(std::size_t n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

std::string describe(const IndexSummary& summary) {
  std::string text = fmt::format("{} parsed, {} in the graph", summary.parsed, plural(summary.files, "file"));
  if (summary.warnings > 0) {
    text += fmt::format("; {} passed over (`trellis index` lists them)", plural(summary.warnings, "file"));
  }
  if (!summary.note.empty()) text += fmt::format("; {}", summary.note);
  return text;
}

}  // namespace

TreeWatcher::TreeWatcher(WatchOptions options, WatchLog log, std::unique_ptr<Reindexer> reindexer,
                         ChangeFilter filter, InotifyTree tree)
    : options_(std::move(options)),
      log_(std::move(log)),
      reindexer_(std::move(reindexer)),
      filter_(std::move(filter)),
      tree_(std::move(tree)),
      debouncer_(options_.timing) {}

Result<std::unique_ptr<TreeWatcher>> TreeWatcher::start(WatchOptions options, WatchLog log) {
  std::error_code error;
  std::filesystem::path root = std::filesystem::weakly_canonical(std::filesystem::absolute(options.index.root), error);
  if (error) root = std::filesystem::absolute(options.index.root);
  options.index.root = root;
  auto reindexer = std::make_unique<Reindexer>(options.index, options.database);
  ChangeFilter filter(reindexer->languages(), options.index.exclude_globs,
                      database_prefix(root, std::filesystem::weakly_canonical(options.database, error)));
  auto directories = reindexer->watched_directories();
  if (!directories.ok()) return std::move(directories).take_error();
  auto tree = InotifyTree::open(root.string(), [filter](std::string_view path) { return filter.enters_directory(path); });
  if (!tree.ok()) return std::move(tree).take_error();
  if (Status watched = tree->set_watched(*directories); !watched.ok()) return std::move(watched).take_error();
  return std::unique_ptr<TreeWatcher>(new TreeWatcher(std::move(options), std::move(log), std::move(reindexer),
                                                      std::move(filter), std::move(tree).value()));
}

Status TreeWatcher::run(int stop_fd) {
  if (auto first = reindexer_->index(); first.ok()) {
    log_(fmt::format("indexed in {:.0f} ms: {}", first->milliseconds, describe(*first)));
  } else {
    log_(fmt::format("index failed: {}; still watching", first.error().message));
  }
  std::array<pollfd, 2> fds{pollfd{tree_.fd(), POLLIN, 0}, pollfd{stop_fd, POLLIN, 0}};
  for (;;) {
    if (root_gone_) {
      return make_error(ErrorCode::InvalidArgument,
                        fmt::format("the watched folder {} was deleted or moved away", reindexer_->root().string()));
    }
    if (debouncer_.due(Clock::now())) {
      if (Status indexed = index_batch(); !indexed.ok()) return indexed;
      continue;
    }
    const int ready = ::poll(fds.data(), fds.size(), timeout_until(debouncer_.deadline(), Clock::now()));
    if (ready < 0 && errno != EINTR) {
      return make_error(ErrorCode::Internal, fmt::format("waiting for file events: {}", errno_text(errno)));
    }
    if (ready <= 0) continue;
    if ((fds[1].revents & (POLLIN | POLLHUP | POLLERR)) != 0) return {};
    if ((fds[0].revents & POLLIN) != 0) {
      if (Status taken = take_events(Clock::now()); !taken.ok()) return taken;
    }
  }
}

Status TreeWatcher::take_events(Clock::time_point now) {
  auto events = tree_.read_events();
  if (!events.ok()) return std::move(events).take_error();
  for (TreeEvent& event : *events) {
    switch (event.kind) {
      case TreeEvent::Kind::Overflow:
        overflowed_ = true;
        debouncer_.note(now);
        break;
      case TreeEvent::Kind::RootGone:
        root_gone_ = true;
        break;
      case TreeEvent::Kind::Changed:
        if (!filter_.matters(event.path, event.is_directory)) break;
        changed_.insert(std::move(event.path));
        debouncer_.note(now);
        break;
    }
  }
  return {};
}

Status TreeWatcher::index_batch() {
  const std::size_t changes = changed_.size();
  const bool overflowed = overflowed_;
  debouncer_.take();
  changed_.clear();
  overflowed_ = false;
  auto summary = reindexer_->index();
  if (!summary.ok()) {
    log_(fmt::format("re-index failed: {}; still watching", summary.error().message));
  } else if (overflowed) {
    log_(fmt::format("re-indexed every file (the event queue overflowed) in {:.0f} ms: {}", summary->milliseconds,
                     describe(*summary)));
  } else {
    log_(fmt::format("re-indexed after {} in {:.0f} ms: {}", plural(changes, "change"), summary->milliseconds,
                     describe(*summary)));
  }
  // The watches follow the directories this index walked (new ones, and
  // those a .gitignore now excludes).
  auto directories = reindexer_->watched_directories();
  if (!directories.ok()) {
    root_gone_ = true;
    return {};
  }
  return tree_.set_watched(*directories);
}

}  // namespace trellis::watch
