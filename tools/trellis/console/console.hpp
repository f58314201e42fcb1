// The Cypher console's behaviour, apart from the terminal: lines in, text
// out. Console::feed takes one typed line and returns what to print; a
// statement runs once a ';' ends it (so it may span lines), and lines that
// start with ':' are console commands:
//   :help                   the commands and keys
//   :schema                 labels with their properties, relationship types with endpoints
//   :param name => value    set $name (value as JSON); :param name  unsets it
//   :params                 the parameters set
//   :explain QUERY          the plan of QUERY without running it
//   :clear                  drop the unfinished statement
//   :quit (or :exit)        leave (so does Ctrl-D)
// Ctrl-C is the terminal side's (cypher_console.hpp): it drops the statement
// being typed (discard_pending) or cancels the running query.
// Results print as aligned tables with the row count and the time taken;
// errors as "error: ..." with a caret under the position when there is one.
// The terminal side (libedit, history) is line_editor.hpp.
#pragma once

#include <string>
#include <string_view>

#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::console {

class Console {
 public:
  Console(const GraphStore& store, cypher::Parameters parameters, cypher::CypherOptions options);

  // Handles one line (without its newline) and returns the text to print.
  std::string feed(std::string_view line);

  // "trellis> " when no statement is open, "      -> " inside one.
  std::string_view prompt() const;
  // The unfinished statement typed so far (earlier lines, '\n'-joined).
  const std::string& pending() const { return pending_; }
  // Drops the unfinished statement (:clear, Ctrl-C at the prompt).
  void discard_pending() { pending_.clear(); }
  // True after :quit or :exit.
  bool finished() const { return finished_; }
  const cypher::Parameters& parameters() const { return parameters_; }

 private:
  std::string command(std::string_view line);
  std::string run(std::string_view statement, bool explain);
  std::string set_parameter(std::string_view argument);

  const GraphStore& store_;
  cypher::Parameters parameters_;
  cypher::CypherOptions options_;
  std::string pending_;
  bool finished_ = false;
};

// The text :help prints.
std::string_view help_text();
// The text :schema prints.
std::string schema_text();

}  // namespace trellis::console
