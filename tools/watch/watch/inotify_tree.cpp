#include "watch/inotify_tree.hpp"

#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <unordered_set>

#include <fmt/format.h>

namespace trellis::watch {
namespace {

constexpr std::uint32_t kMask = IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO |
                                IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW | IN_EXCL_UNLINK;

std::string join_path(std::string_view parent, std::string_view name) {
  if (parent.empty()) return std::string(name);
  return fmt::format("{}/{}", parent, name);
}

bool is_at_or_below(std::string_view path, std::string_view directory) {
  return path == directory || (path.size() > directory.size() && path.starts_with(directory) &&
                               path[directory.size()] == '/');
}

}  // namespace

InotifyTree::InotifyTree(FileDescriptor fd, std::string root, DirectoryFilter enters)
    : fd_(std::move(fd)), root_(std::move(root)), enters_(std::move(enters)) {}

Result<InotifyTree> InotifyTree::open(std::string root, DirectoryFilter enters) {
  FileDescriptor fd(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC));
  if (!fd.valid()) {
    const int error = errno;
    const std::string hint =
        error == EMFILE ? " (too many inotify instances: raise the sysctl fs.inotify.max_user_instances)" : "";
    return make_error(ErrorCode::Internal, fmt::format("cannot start inotify: {}{}", errno_text(error), hint));
  }
  return InotifyTree(std::move(fd), std::move(root), std::move(enters));
}

std::string InotifyTree::absolute(std::string_view path) const {
  return path.empty() ? root_ : join_path(root_, path);
}

Result<bool> InotifyTree::add_watch(const std::string& path) {
  const int wd = ::inotify_add_watch(fd_.get(), absolute(path).c_str(), kMask);
  if (wd < 0) {
    const int error = errno;
    if (error == ENOSPC) {
      return make_error(ErrorCode::Internal,
                        fmt::format("cannot watch {}: out of inotify watches ({} in use here); raise the sysctl "
                                    "fs.inotify.max_user_watches",
                                    path.empty() ? "." : path, paths_.size()));
    }
    if (error == ENOMEM) return make_error(ErrorCode::Internal, fmt::format("cannot watch {}: out of memory", path));
    return false;  // gone meanwhile, no longer a directory, or unreadable: index says so if it matters
  }
  // The same directory under a new path (moved) keeps its descriptor.
  if (const auto known = paths_.find(wd); known != paths_.end() && known->second != path) {
    descriptors_.erase(known->second);
  }
  paths_[wd] = path;
  descriptors_[path] = wd;
  return true;
}

Status InotifyTree::add_tree(const std::string& path) {
  std::vector<std::string> pending{path};
  while (!pending.empty()) {
    const std::string directory = std::move(pending.back());
    pending.pop_back();
    auto added = add_watch(directory);
    if (!added.ok()) return std::move(added).take_error();
    if (!*added) continue;
    // Listed after the watch is in place: what appears later is an event.
    std::error_code error;
    for (std::filesystem::directory_iterator it(absolute(directory), error), end; !error && it != end;
         it.increment(error)) {
      std::error_code type_error;
      if (!it->is_directory(type_error) || it->is_symlink(type_error)) continue;
      std::string below = join_path(directory, it->path().filename().string());
      if (enters_(below)) pending.push_back(std::move(below));
    }
  }
  return {};
}

void InotifyTree::forget(int wd) {
  const auto known = paths_.find(wd);
  if (known == paths_.end()) return;
  if (const auto it = descriptors_.find(known->second); it != descriptors_.end() && it->second == wd) {
    descriptors_.erase(it);
  }
  paths_.erase(known);
}

Status InotifyTree::set_watched(const std::vector<std::string>& directories) {
  const std::unordered_set<std::string_view> wanted(directories.begin(), directories.end());
  std::vector<int> stale;
  for (const auto& [path, wd] : descriptors_) {
    if (!wanted.contains(path)) stale.push_back(wd);
  }
  for (const int wd : stale) {
    ::inotify_rm_watch(fd_.get(), wd);
    forget(wd);
  }
  for (const std::string& directory : directories) {
    if (descriptors_.contains(directory)) continue;
    auto added = add_watch(directory);
    if (!added.ok()) return std::move(added).take_error();
  }
  return {};
}

Result<std::vector<TreeEvent>> InotifyTree::read_events() {
  std::vector<TreeEvent> events;
  alignas(inotify_event) char buffer[64 * 1024];
  for (;;) {
    const ssize_t got = ::read(fd_.get(), buffer, sizeof buffer);
    if (got < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN) break;
      return make_error(ErrorCode::Internal, fmt::format("reading inotify events: {}", errno_text(errno)));
    }
    if (got == 0) break;
    for (ssize_t offset = 0; offset < got;) {
      inotify_event event{};
      std::memcpy(&event, buffer + offset, sizeof event);
      const char* name_bytes = buffer + offset + sizeof(inotify_event);
      offset += static_cast<ssize_t>(sizeof(inotify_event) + event.len);

      if ((event.mask & IN_Q_OVERFLOW) != 0) {
        events.push_back({TreeEvent::Kind::Overflow, {}, false});
        continue;
      }
      const auto known = paths_.find(event.wd);
      if (known == paths_.end()) continue;  // a watch removed meanwhile
      const std::string directory = known->second;
      if ((event.mask & (IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF)) != 0) {
        if (directory.empty()) events.push_back({TreeEvent::Kind::RootGone, {}, true});
        if ((event.mask & IN_IGNORED) != 0) forget(event.wd);
        continue;
      }
      if (event.len == 0) continue;
      std::string path = join_path(directory, std::string_view(name_bytes, ::strnlen(name_bytes, event.len)));
      const bool is_directory = (event.mask & IN_ISDIR) != 0;
      if (is_directory && (event.mask & (IN_DELETE | IN_MOVED_FROM)) != 0) {
        // Its watches (and those below it) would report under a path it no
        // longer has; one moved within the tree is watched again at its new path.
        std::vector<int> gone;
        for (const auto& [watched, wd] : descriptors_) {
          if (is_at_or_below(watched, path)) gone.push_back(wd);
        }
        for (const int wd : gone) {
          ::inotify_rm_watch(fd_.get(), wd);
          forget(wd);
        }
      }
      if (is_directory && (event.mask & (IN_CREATE | IN_MOVED_TO)) != 0 && enters_(path)) {
        if (Status added = add_tree(path); !added.ok()) return std::move(added).take_error();
      }
      events.push_back({TreeEvent::Kind::Changed, std::move(path), is_directory});
    }
  }
  return events;
}

}  // namespace trellis::watch
