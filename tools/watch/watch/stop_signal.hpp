// Descriptors that turn readable when a watch should stop, for
// TreeWatcher::run: Ctrl-C and SIGTERM through a signalfd (the command
// line), or another thread's say-so through an eventfd (the MCP server
// when its client leaves).
#pragma once

#include "trellis/common/error.hpp"
#include "trellis/common/file_descriptor.hpp"

namespace trellis::watch {

// SIGINT and SIGTERM, blocked in the calling thread (and the threads it
// starts later: call this before any) and read from a signalfd instead;
// their dispositions are reset to the default, since an ignored signal
// (SIGINT in a shell's background job) would never reach the signalfd.
class TerminationSignals {
 public:
  static Result<TerminationSignals> block();
  int fd() const { return fd_.get(); }

 private:
  explicit TerminationSignals(FileDescriptor fd) : fd_(std::move(fd)) {}
  FileDescriptor fd_;
};

// An eventfd that any thread may raise once; it stays readable after.
class StopEvent {
 public:
  static Result<StopEvent> make();
  int fd() const { return fd_.get(); }
  void raise() const;

 private:
  explicit StopEvent(FileDescriptor fd) : fd_(std::move(fd)) {}
  FileDescriptor fd_;
};

}  // namespace trellis::watch
