#include "trellis/ingest/gitignore.hpp"

#include <utility>

namespace trellis::ingest {
namespace {

bool has_glob_syntax(std::string_view text) {
  return text.find_first_of("*?[\\") != std::string_view::npos;
}

// `line` without its trailing spaces, except a space escaped by a backslash
// (an odd run of backslashes before it).
std::string_view without_trailing_spaces(std::string_view line) {
  std::size_t end = line.size();
  while (end > 0 && line[end - 1] == ' ') {
    std::size_t backslashes = 0;
    while (backslashes + 1 < end && line[end - 2 - backslashes] == '\\') ++backslashes;
    if (backslashes % 2 == 1) break;
    --end;
  }
  return line.substr(0, end);
}

}  // namespace

IgnorePattern::IgnorePattern(std::string_view text, bool negated, bool directory_only,
                             bool anchored)
    : shape_(Shape::NameGlob), negated_(negated), directory_only_(directory_only) {
  if (anchored) {
    if (has_glob_syntax(text)) {
      shape_ = Shape::PathGlob;
      path_glob_.emplace(text);
    } else {
      shape_ = Shape::Path;
      text_ = text;
    }
    return;
  }
  if (!has_glob_syntax(text)) {
    shape_ = Shape::Name;
    text_ = text;
  } else if (text.size() > 1 && text.front() == '*' && !has_glob_syntax(text.substr(1))) {
    shape_ = Shape::NameSuffix;
    text_ = text.substr(1);
  } else {
    text_ = text;
  }
}

std::optional<IgnorePattern> IgnorePattern::parse(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (line.empty() || line.front() == '#') return std::nullopt;
  line = without_trailing_spaces(line);
  const bool negated = !line.empty() && line.front() == '!';
  if (negated) line.remove_prefix(1);
  const bool directory_only = !line.empty() && line.back() == '/';
  if (directory_only) line.remove_suffix(1);
  const bool anchored = line.find('/') != std::string_view::npos;
  if (!line.empty() && line.front() == '/') line.remove_prefix(1);
  if (line.empty()) return std::nullopt;
  return IgnorePattern(line, negated, directory_only, anchored);
}

bool IgnorePattern::matches(std::string_view path, std::string_view name, bool is_directory) const {
  if (directory_only_ && !is_directory) return false;
  switch (shape_) {
    case Shape::Name:
      return name == text_;
    case Shape::NameSuffix:
      return name.ends_with(text_);
    case Shape::NameGlob:
      return glob_matches_component(text_, name);
    case Shape::Path:
      return path == text_;
    case Shape::PathGlob:
      return path_glob_->matches(path);
  }
  return false;
}

IgnoreList IgnoreList::parse(std::string base, std::string_view text) {
  constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
  if (text.starts_with(kByteOrderMark)) {
    text.remove_prefix(kByteOrderMark.size());
  }
  IgnoreList list(std::move(base));
  while (!text.empty()) {
    const std::size_t newline = text.find('\n');
    list.add_line(text.substr(0, newline));
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
  }
  return list;
}

IgnoreList IgnoreList::from_patterns(std::string base, const std::vector<std::string>& patterns) {
  IgnoreList list(std::move(base));
  for (const std::string& pattern : patterns) list.add_line(pattern);
  return list;
}

void IgnoreList::add_line(std::string_view line) {
  if (auto pattern = IgnorePattern::parse(line)) patterns_.push_back(std::move(*pattern));
}

IgnoreVerdict IgnoreList::check(std::string_view path, bool is_directory) const {
  const std::string_view relative = base_.empty() ? path : path.substr(base_.size() + 1);
  const std::size_t slash = relative.rfind('/');
  const std::string_view name =
      slash == std::string_view::npos ? relative : relative.substr(slash + 1);
  for (auto pattern = patterns_.rbegin(); pattern != patterns_.rend(); ++pattern) {
    if (pattern->matches(relative, name, is_directory)) {
      return pattern->negated() ? IgnoreVerdict::Included : IgnoreVerdict::Excluded;
    }
  }
  return IgnoreVerdict::Unmatched;
}

}  // namespace trellis::ingest
