#include "mcp/line_reader.hpp"

#include <unistd.h>

#include <cerrno>

namespace trellis::mcp {
namespace {

constexpr std::size_t kChunkBytes = 64 * 1024;

bool blank(std::string_view text) { return text.find_first_not_of(" \t\r") == std::string_view::npos; }

std::string_view without_cr(std::string_view text) {
  return !text.empty() && text.back() == '\r' ? text.substr(0, text.size() - 1) : text;
}

}  // namespace

LineReader::LineReader(int fd, std::size_t max_line_bytes) : fd_(fd), max_line_bytes_(max_line_bytes) {}

bool LineReader::fill() {
  if (at_end_) return false;
  // Drop what was handed out, then read one chunk after what is pending.
  buffer_.erase(0, start_);
  start_ = 0;
  const std::size_t pending = buffer_.size();
  buffer_.resize(pending + kChunkBytes);
  for (;;) {
    const ssize_t got = ::read(fd_, buffer_.data() + pending, kChunkBytes);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      buffer_.resize(pending);
      at_end_ = true;
      return false;
    }
    buffer_.resize(pending + static_cast<std::size_t>(got));
    return true;
  }
}

LineReader::Line LineReader::next() {
  std::size_t skipped = 0;  // bytes of a too-long line dropped so far
  std::size_t scanned = 0;  // bytes after start_ known to hold no newline
  for (;;) {
    const std::string_view pending = std::string_view(buffer_).substr(start_);
    const std::size_t newline = pending.find('\n', scanned);
    if (newline != std::string_view::npos) {
      const std::string_view text = pending.substr(0, newline);
      start_ += newline + 1;
      scanned = 0;
      if (skipped > 0 || text.size() > max_line_bytes_) {
        Line line{Line::Kind::TooLong, {}, skipped + text.size()};
        return line;
      }
      if (blank(text)) continue;
      line_.assign(without_cr(text));
      return Line{Line::Kind::Message, line_, line_.size()};
    }
    if (pending.size() > max_line_bytes_) {  // too long already: drop it and read on to its newline
      skipped += pending.size();
      start_ = buffer_.size();
      scanned = 0;
    } else {
      scanned = pending.size();
    }
    if (!fill()) {
      const std::string_view rest = std::string_view(buffer_).substr(start_);
      start_ = buffer_.size();
      if (skipped > 0) return Line{Line::Kind::TooLong, {}, skipped + rest.size()};
      if (rest.size() > max_line_bytes_) return Line{Line::Kind::TooLong, {}, rest.size()};
      if (blank(rest)) return Line{};
      line_.assign(without_cr(rest));
      return Line{Line::Kind::Message, line_, line_.size()};
    }
  }
}

}  // namespace trellis::mcp
