#include "tree_input.hpp"

#include <algorithm>
#include <string>
#include <string_view>

namespace trellis::fuzz {
namespace {

constexpr std::size_t kMaxFiles = 32;
constexpr std::size_t kMaxEdits = 8;
constexpr std::size_t kMaxContent = 16 * 1024;
constexpr std::size_t kMaxSegments = 6;
constexpr std::size_t kMaxSegmentBytes = 64;

std::string clean_path(std::string_view text) {
  std::string path;
  std::size_t segments = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size() && segments < kMaxSegments; ++i) {
    if (i < text.size() && text[i] != '/') continue;
    std::string segment(text.substr(start, i - start));
    std::erase(segment, '\0');
    std::erase(segment, '\r');
    if (segment.size() > kMaxSegmentBytes) segment.resize(kMaxSegmentBytes);
    start = i + 1;
    if (segment.empty() || segment == "." || segment == "..") continue;
    if (!path.empty()) path += '/';
    path += segment;
    ++segments;
  }
  if (path.empty()) path = "_";
  const std::size_t last = path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1;
  if (path.find('.', last) == std::string::npos) path += ".py";
  return path;
}

// The number at the front of `text` (decimal), and the rest after one space.
std::size_t leading_number(std::string_view& text) {
  std::size_t value = 0;
  std::size_t i = 0;
  for (; i < text.size() && i < 6 && text[i] >= '0' && text[i] <= '9'; ++i) value = value * 10 + static_cast<std::size_t>(text[i] - '0');
  text.remove_prefix(i);
  if (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  return value;
}

}  // namespace

TreeInput decode_tree_input(std::span<const std::uint8_t> bytes) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  TreeInput input;
  // Sections: [header, content), header empty for the leading bytes.
  std::size_t position = 0;
  std::string_view header;
  bool first = true;
  for (;;) {
    // A header right after a header starts at the previous one's newline.
    const std::size_t next =
        first && text.starts_with("%%") ? 0 : text.find("\n%%", position == 0 ? 0 : position - 1);
    const std::size_t content_end = next == std::string_view::npos ? text.size() : std::max(next, position);
    std::string content(text.substr(position, content_end - position));
    if (content.size() > kMaxContent) content.resize(kMaxContent);
    if (first) {
      if (!content.empty()) input.files.push_back({"main.py", std::move(content)});
    } else if (!header.empty()) {
      const char kind = header.front();
      std::string_view rest = header.substr(1);
      if (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
      switch (kind) {
        case 'f':
          if (input.files.size() < kMaxFiles) input.files.push_back({clean_path(rest), std::move(content)});
          break;
        case 'm': case 'r': case 'a': case 'n': {
          if (input.edits.size() >= kMaxEdits) break;
          TreeEdit edit;
          edit.kind = kind == 'm' ? TreeEdit::Kind::Modify : kind == 'r' ? TreeEdit::Kind::Remove
                      : kind == 'a' ? TreeEdit::Kind::Add : TreeEdit::Kind::Rename;
          if (kind != 'a') edit.file = leading_number(rest);
          if (kind == 'a' || kind == 'n') edit.path = clean_path(rest);
          edit.content = std::move(content);
          input.edits.push_back(std::move(edit));
          break;
        }
        default: break;
      }
    }
    if (next == std::string_view::npos) break;
    const std::size_t header_start = next + (text[next] == '\n' ? 3 : 2);
    const std::size_t header_end = std::min(text.find('\n', header_start), text.size());
    header = text.substr(header_start, header_end - header_start);
    position = std::min(header_end + 1, text.size());
    first = false;
  }
  return input;
}

}  // namespace trellis::fuzz
