// Framing of MCP's stdio transport: one JSON-RPC message per line. Reads a
// file descriptor in large chunks and hands out whole lines, never holding
// more than `max_line_bytes` of one line: a longer line is skipped to its
// newline and reported as TooLong, so a huge or endless frame cannot
// exhaust memory.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace trellis::mcp {

class LineReader {
 public:
  LineReader(int fd, std::size_t max_line_bytes);

  struct Line {
    enum class Kind { Message, TooLong, End };
    Kind kind = Kind::End;
    std::string_view text;  // Message: the line without its "\n" (or "\r\n"); valid until the next call
    std::size_t bytes = 0;  // TooLong: the line's length
  };

  // The next non-blank line. A last line without a newline before end of
  // input is still a Message. End at end of input or on a read error.
  Line next();

 private:
  bool fill();  // reads more input; false at end of input

  int fd_;
  std::size_t max_line_bytes_;
  std::string buffer_;     // read but not yet handed out: buffer_[start_, end)
  std::size_t start_ = 0;
  std::string line_;       // the line handed out last
  bool at_end_ = false;
};

}  // namespace trellis::mcp
