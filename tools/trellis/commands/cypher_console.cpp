// The console hook of the cypher command: trellis::console::Console (what a
// line does) driven by a LineEditor (libedit, history, Tab completion).
#include "trellis/commands/cypher_console.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

#include "trellis/console/console.hpp"
#include "trellis/console/line_editor.hpp"

namespace trellis::cli {

Status run_cypher_console(ConsoleSession& session) {
  console::Console console(session.store, std::move(session.parameters), session.options);
  console::LineEditor editor("trellis", console::default_history_path());
  fmt::print(
      "Trellis Cypher console (read-only). End statements with ';'; :help for commands, Ctrl-D to "
      "leave.\n");
  std::fflush(stdout);
  while (!console.finished()) {
    std::string entry = console.pending();
    auto line = editor.read_line(console.prompt(), console.pending());
    if (!line) {
      fmt::print("\n");
      break;
    }
    const std::string out = console.feed(*line);
    // A statement enters the history whole, once it is complete.
    entry += entry.empty() ? *line : "\n" + *line;
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
