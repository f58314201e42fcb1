// `trellis watch` and `trellis serve --watch`: keeps a tree's snapshot
// current. Watches the directories index walks (inotify_tree.hpp), counts
// the changes that matter (change_filter.hpp), waits for them to settle
// (debouncer.hpp) and indexes once per batch (reindexer.hpp); the snapshot
// is replaced atomically, so readers (the CLI, a server) see the old graph
// or the new one. After each index the watches follow the directories the
// index walked. An overflowed event queue costs one index of the whole
// tree (every file's stamp is checked, as always).
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <string_view>

#include "trellis/common/error.hpp"
#include "trellis/ingest/index_repository.hpp"
#include "watch/change_filter.hpp"
#include "watch/debouncer.hpp"
#include "watch/inotify_tree.hpp"
#include "watch/reindexer.hpp"

namespace trellis::watch {

struct WatchOptions {
  ingest::IndexOptions index;       // root (absolute), exclude globs, jobs, file size cap
  std::filesystem::path database;  // the snapshot to keep current (absolute)
  DebounceTiming timing;
};

// One line for people, without its newline.
using WatchLog = std::function<void(std::string_view line)>;

class TreeWatcher {
 public:
  // Starts watching (every directory index would walk) without indexing
  // yet. INVALID_ARGUMENT when the root is unusable, INTERNAL when inotify
  // cannot be started or runs out of watches.
  static Result<std::unique_ptr<TreeWatcher>> start(WatchOptions options, WatchLog log);

  // Indexes the tree, then once per settled batch of changes, until
  // `stop_fd` turns readable (a signalfd, an eventfd): then returns at once,
  // or after the index under way. Logs "watching ...", each index and each
  // failed index (the watch goes on). Errors: inotify failing, the root
  // deleted or moved away.
  Status run(int stop_fd);

  std::size_t watched_directories() const { return tree_.watch_count(); }
  const std::filesystem::path& root() const { return reindexer_->root(); }

 private:
  TreeWatcher(WatchOptions options, WatchLog log, std::unique_ptr<Reindexer> reindexer, ChangeFilter filter,
              InotifyTree tree);

  Status take_events(Debouncer::Clock::time_point now);
  Status index_batch();

  WatchOptions options_;
  WatchLog log_;
  std::unique_ptr<Reindexer> reindexer_;  // the filter views its languages
  ChangeFilter filter_;
  InotifyTree tree_;
  Debouncer debouncer_;
  std::set<std::string> changed_;  // paths changed in the open batch
  bool overflowed_ = false;
  bool root_gone_ = false;
};

}  // namespace trellis::watch
