// The console hook of the cypher command: trellis::console::Console (what a
// line does) driven by a LineEditor (libedit, history, Tab completion).
#include "trellis/commands/cypher_console.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <string>
#include <utility>

#include "trellis/console/console.hpp"
#include "trellis/console/line_editor.hpp"

namespace trellis::cli {
namespace {

// Set by the SIGINT handler, read by the running query (CypherOptions::cancel)
// and by the loop below. It is global because a signal handler can reach
// nothing else: it takes no argument. Lock-free std::atomic<bool> is the one
// kind of object a handler may store to safely besides volatile sig_atomic_t.
std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_interrupt(int /*signal*/) { interrupted.store(true, std::memory_order_relaxed); }

// Installs on_interrupt for SIGINT while the console runs, without
// SA_RESTART, so a read waiting for input returns EINTR; restores the
// previous disposition on destruction.
class InterruptHandler {
 public:
  InterruptHandler() {
    struct sigaction action {};
    action.sa_handler = &on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    installed_ = sigaction(SIGINT, &action, &previous_) == 0;
  }
  ~InterruptHandler() {
    if (installed_) sigaction(SIGINT, &previous_, nullptr);
  }
  InterruptHandler(const InterruptHandler&) = delete;
  InterruptHandler& operator=(const InterruptHandler&) = delete;

 private:
  struct sigaction previous_ {};
  bool installed_ = false;
};

}  // namespace

Status run_cypher_console(ConsoleSession& session) {
  const InterruptHandler handler;
  interrupted.store(false);
  cypher::CypherOptions options = session.options;
  options.cancel = &interrupted;
  console::Console console(session.store, std::move(session.parameters), options);
  console::LineEditor editor("trellis", console::default_history_path());
  fmt::print(
      "Trellis Cypher console (read-only). End statements with ';'; :help for commands, Ctrl-C to "
      "cancel, Ctrl-D to leave.\n");
  std::fflush(stdout);
  while (!console.finished()) {
    std::string entry = console.pending();
    interrupted.store(false);
    const console::LineRead read = editor.read_line(console.prompt(), console.pending());
    if (read.kind == console::LineRead::Kind::End) {
      fmt::print("\n");
      break;
    }
    if (read.kind == console::LineRead::Kind::Interrupted) {
      // Like psql and cypher-shell: the line and the unfinished statement go.
      console.discard_pending();
      fmt::print("^C\n");
      std::fflush(stdout);
      continue;
    }
    // A Ctrl-C from here on cancels the statements this line completes.
    interrupted.store(false);
    const std::string& line = read.text;
    const std::string out = console.feed(line);
    // The terminal echoed ^C where the cursor was; the error goes below it.
    if (interrupted.load()) fmt::print("\n");
    // A statement enters the history whole, once it is complete.
    entry += entry.empty() ? line : "\n" + line;
    if (console.pending().empty()) {
      std::replace(entry.begin(), entry.end(), '\n', ' ');
      editor.remember(entry);
    }
    fmt::print("{}", out);
    std::fflush(stdout);
  }
  return {};
}

}  // namespace trellis::cli
