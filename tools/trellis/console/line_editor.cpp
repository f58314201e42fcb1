// LineEditor over libedit's el_gets and history(3); the Tab key is bound to
// a function that inserts the candidates' common prefix and lists them when
// several remain.
#include "trellis/console/line_editor.hpp"

#include <histedit.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "trellis/console/completion.hpp"

namespace trellis::console {

std::string default_history_path() {
  if (const char* path = std::getenv("TRELLIS_HISTORY"); path != nullptr && *path != '\0')
    return path;
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return std::string(home) + "/.trellis_history";
  }
  return {};
}

LineEditor::LineEditor(const char* program, std::string history_path)
    : history_path_(std::move(history_path)) {
  editor_ = el_init(program, stdin, stdout, stderr);
  history_ = history_init();
  HistEvent event;
  history(history_, &event, H_SETSIZE, 1000);
  history(history_, &event, H_SETUNIQUE, 1);
  if (!history_path_.empty()) history(history_, &event, H_LOAD, history_path_.c_str());
  el_set(editor_, EL_CLIENTDATA, this);
  el_set(editor_, EL_EDITOR, "emacs");
  el_set(editor_, EL_PROMPT, &LineEditor::prompt_callback);
  el_set(editor_, EL_HIST, history, history_);
  // The wide form keeps these (static) strings as given; the narrow el_set
  // copies them and never frees the copies.
  el_wset(editor_, EL_ADDFN, L"trellis-complete", L"Complete Cypher keywords and schema names",
          &LineEditor::complete_callback);
  el_set(editor_, EL_BIND, "^I", "trellis-complete", nullptr);
  el_source(editor_, nullptr);  // ~/.editrc, if any
}

LineEditor::~LineEditor() {
  if (history_ != nullptr) history_end(history_);
  if (editor_ != nullptr) el_end(editor_);
}

LineRead LineEditor::read_line(std::string_view prompt, std::string_view context) {
  prompt_ = prompt;
  context_ = context;
  int count = 0;
  errno = 0;
  const char* line = el_gets(editor_, &count);
  if (count < 0 && errno == EINTR) {
    // el_gets gave up on the interrupted read(); el_reset empties its line
    // buffer and puts the terminal back, so the next prompt starts clean.
    el_reset(editor_);
    return {LineRead::Kind::Interrupted, {}};
  }
  if (line == nullptr || count <= 0) return {LineRead::Kind::End, {}};
  std::string text(line, static_cast<std::size_t>(count));
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return {LineRead::Kind::Line, std::move(text)};
}

void LineEditor::remember(std::string_view entry) {
  if (entry.empty()) return;
  HistEvent event;
  const std::string text(entry);
  history(history_, &event, H_ENTER, text.c_str());
  if (!history_path_.empty()) history(history_, &event, H_SAVE, history_path_.c_str());
}

char* LineEditor::prompt_callback(editline* editor) {
  void* data = nullptr;
  el_get(editor, EL_CLIENTDATA, &data);
  return static_cast<LineEditor*>(data)->prompt_.data();
}

unsigned char LineEditor::complete_callback(editline* editor, int /*key*/) {
  void* data = nullptr;
  el_get(editor, EL_CLIENTDATA, &data);
  const auto* self = static_cast<LineEditor*>(data);
  const LineInfo* line = el_line(editor);
  const std::string_view typed(line->buffer, static_cast<std::size_t>(line->cursor - line->buffer));
  const std::string text =
      self->context_.empty() ? std::string(typed) : self->context_ + "\n" + std::string(typed);
  const Completion completion = complete(text);
  if (completion.candidates.empty()) return CC_ERROR;
  // The word typed so far is replaced, so its case follows the candidate
  // (`fun` -> `Function`).
  const std::size_t typed_length = text.size() - completion.word_start;
  std::string replacement = common_prefix(completion.candidates);
  if (completion.candidates.size() == 1 && completion.space_after_single) replacement += ' ';
  if (replacement.size() > typed_length) {
    el_deletestr(editor, static_cast<int>(typed_length));
    el_insertstr(editor, replacement.c_str());
    return CC_REFRESH;
  }
  std::string listing = "\n";
  for (const std::string& candidate : completion.candidates) listing += candidate + "  ";
  listing += "\n";
  std::fputs(listing.c_str(), stdout);
  std::fflush(stdout);
  return CC_REDISPLAY;
}

}  // namespace trellis::console
