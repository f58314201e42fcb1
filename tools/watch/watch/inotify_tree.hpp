// inotify watches over the directories of a tree (Linux only): one watch per
// directory, added for directories created or moved in (with what they
// hold), dropped when they go, and set to a given list after each index.
// Events come back as paths relative to the root.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/common/file_descriptor.hpp"

namespace trellis::watch {

struct TreeEvent {
  enum class Kind {
    Changed,   // `path` was created, written, deleted or moved in or out
    Overflow,  // the kernel dropped events: anything may have changed
    RootGone,  // the root itself was deleted or unmounted
  };
  Kind kind = Kind::Changed;
  std::string path;  // '/'-separated from the root (Changed only)
  bool is_directory = false;
};

class InotifyTree {
 public:
  // Whether a directory (by its path from the root) is to be watched.
  using DirectoryFilter = std::function<bool(std::string_view path)>;

  // A non-blocking inotify instance for the tree at `root` (absolute).
  // INTERNAL when inotify cannot be started (the reason names the limit to
  // raise when it is the one on instances).
  static Result<InotifyTree> open(std::string root, DirectoryFilter enters);

  // The descriptor to poll for readability.
  int fd() const { return fd_.get(); }

  // Watches exactly `directories` (paths from the root, "" the root):
  // adds the missing ones, removes the others. A directory that cannot be
  // watched (gone meanwhile) is passed over; running out of watches is an
  // error naming fs.inotify.max_user_watches.
  Status set_watched(const std::vector<std::string>& directories);

  // The events queued now (none when there are none). A directory created or
  // moved in is watched at once, and so is every directory below it that
  // `enters` accepts, so nothing created in it is missed.
  Result<std::vector<TreeEvent>> read_events();

  std::size_t watch_count() const { return paths_.size(); }

 private:
  InotifyTree(FileDescriptor fd, std::string root, DirectoryFilter enters);

  // Adds a watch on `path`; false when the directory cannot be watched (gone).
  Result<bool> add_watch(const std::string& path);
  // add_watch on `path` and on the directories below it that are entered.
  Status add_tree(const std::string& path);
  void forget(int wd);
  std::string absolute(std::string_view path) const;

  FileDescriptor fd_;
  std::string root_;
  DirectoryFilter enters_;
  std::unordered_map<int, std::string> paths_;        // watch descriptor -> directory
  std::unordered_map<std::string, int> descriptors_;  // directory -> watch descriptor
};

}  // namespace trellis::watch
