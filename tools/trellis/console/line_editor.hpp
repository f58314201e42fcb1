// The console's terminal side: libedit line editing (emacs keys), a history
// kept in a file across sessions, and Tab completion (completion.hpp).
// History file: $TRELLIS_HISTORY if set, else ~/.trellis_history; none when
// neither can be found. Only for terminals: the cypher command reads piped
// input itself.
#pragma once

#include <string>
#include <string_view>

struct editline;  // <histedit.h>
struct history;

namespace trellis::console {

// What read_line got: a line, an interrupted read (a signal such as SIGINT
// arrived while waiting for input; the typed text is dropped), or the end
// of input (Ctrl-D on an empty line).
struct LineRead {
  enum class Kind { Line, Interrupted, End };
  Kind kind = Kind::End;
  std::string text;  // the line, without its newline (Kind::Line only)
};

class LineEditor {
 public:
  // `program` names the libedit configuration section (~/.editrc).
  LineEditor(const char* program, std::string history_path);
  ~LineEditor();
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  // Shows `prompt` and reads one line. `context` is the unfinished
  // statement before this line, so Tab completes with it in view. A signal
  // handler installed without SA_RESTART makes the read return Interrupted;
  // the editor is then reset (empty line, terminal restored) for the next
  // read.
  LineRead read_line(std::string_view prompt, std::string_view context);

  // Adds an entry to the history and appends it to the history file.
  void remember(std::string_view entry);

 private:
  static char* prompt_callback(editline* editor);
  static unsigned char complete_callback(editline* editor, int key);

  editline* editor_ = nullptr;
  history* history_ = nullptr;
  std::string history_path_;
  std::string prompt_;
  std::string context_;
};

// $TRELLIS_HISTORY, else $HOME/.trellis_history, else "" (no history file).
std::string default_history_path();

}  // namespace trellis::console
