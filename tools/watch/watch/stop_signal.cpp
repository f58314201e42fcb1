#include "watch/stop_signal.hpp"

#include <pthread.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <csignal>
#include <cstdint>

#include <fmt/format.h>

namespace trellis::watch {

Result<TerminationSignals> TerminationSignals::block() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  if (const int error = ::pthread_sigmask(SIG_BLOCK, &signals, nullptr); error != 0) {
    return make_error(ErrorCode::Internal, fmt::format("cannot block SIGINT and SIGTERM: {}", errno_text(error)));
  }
  // A shell starts background jobs with SIGINT ignored, and an ignored
  // signal never reaches the signalfd: blocked, the default is harmless.
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  FileDescriptor fd(::signalfd(-1, &signals, SFD_CLOEXEC | SFD_NONBLOCK));
  if (!fd.valid()) return make_error(ErrorCode::Internal, fmt::format("signalfd: {}", errno_text(errno)));
  return TerminationSignals(std::move(fd));
}

Result<StopEvent> StopEvent::make() {
  FileDescriptor fd(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK));
  if (!fd.valid()) return make_error(ErrorCode::Internal, fmt::format("eventfd: {}", errno_text(errno)));
  return StopEvent(std::move(fd));
}

void StopEvent::raise() const {
  const std::uint64_t one = 1;
  // Only fails when the counter would overflow: it is readable then anyway.
  [[maybe_unused]] const ssize_t written = ::write(fd_.get(), &one, sizeof one);
}

}  // namespace trellis::watch
