#include "trellis/ingest/glob.hpp"

#include <optional>

namespace trellis::ingest {
namespace {

enum class Outcome { Match, NoMatch, Malformed };

// How one single-character token of a glob fared against one character, and
// where the next token starts.
struct TokenMatch {
  Outcome outcome = Outcome::Malformed;
  std::size_t next = 0;
};

unsigned char byte_at(std::string_view text, std::size_t index) {
  return static_cast<unsigned char>(text[index]);
}

bool is_ascii_in(unsigned char c, unsigned char low, unsigned char high) {
  return c >= low && c <= high;
}

// Whether `c` belongs to the POSIX class `name` (ASCII only, independent of
// the locale); nullopt for a class name git does not know.
std::optional<bool> in_named_class(std::string_view name, unsigned char c) {
  const bool upper = is_ascii_in(c, 'A', 'Z');
  const bool lower = is_ascii_in(c, 'a', 'z');
  const bool digit = is_ascii_in(c, '0', '9');
  const bool graph = is_ascii_in(c, 0x21, 0x7e);
  if (name == "alnum") return upper || lower || digit;
  if (name == "alpha") return upper || lower;
  if (name == "blank") return c == ' ' || c == '\t';
  if (name == "cntrl") return c < 0x20 || c == 0x7f;
  if (name == "digit") return digit;
  if (name == "graph") return graph;
  if (name == "lower") return lower;
  if (name == "print") return graph || c == ' ';
  if (name == "punct") return graph && !upper && !lower && !digit;
  if (name == "space") return c == ' ' || is_ascii_in(c, '\t', '\r');
  if (name == "upper") return upper;
  if (name == "xdigit") return digit || is_ascii_in(c, 'a', 'f') || is_ascii_in(c, 'A', 'F');
  return std::nullopt;
}

// Matches `c` against the bracket expression that opens at glob[open].
TokenMatch match_bracket(std::string_view glob, std::size_t open, unsigned char c) {
  std::size_t i = open + 1;
  bool negated = false;
  if (i < glob.size() && (glob[i] == '!' || glob[i] == '^')) {
    negated = true;
    ++i;
  }
  bool matched = false;
  bool first_member = true;
  // The last single-character member, which a following '-' turns into the
  // start of a range; kNoRangeStart after a range or a class.
  constexpr int kNoRangeStart = -1;
  int range_start = kNoRangeStart;
  for (;;) {
    if (i >= glob.size()) return {Outcome::Malformed, 0};
    const unsigned char ch = byte_at(glob, i);
    if (ch == ']' && !first_member) break;
    first_member = false;
    if (ch == '\\') {
      if (i + 1 >= glob.size()) return {Outcome::Malformed, 0};
      const unsigned char literal = byte_at(glob, i + 1);
      matched = matched || c == literal;
      range_start = literal;
      i += 2;
      continue;
    }
    if (ch == '-' && range_start != kNoRangeStart && i + 1 < glob.size() && glob[i + 1] != ']') {
      std::size_t end = i + 1;
      if (glob[end] == '\\') {
        if (end + 1 >= glob.size()) return {Outcome::Malformed, 0};
        ++end;
      }
      const unsigned char range_end = byte_at(glob, end);
      matched = matched || (c >= range_start && c <= range_end);
      range_start = kNoRangeStart;
      i = end + 1;
      continue;
    }
    if (ch == '[' && i + 1 < glob.size() && glob[i + 1] == ':') {
      const std::size_t close = glob.find(']', i + 2);
      if (close == std::string_view::npos) return {Outcome::Malformed, 0};
      if (close > i + 2 && glob[close - 1] == ':') {
        const auto member = in_named_class(glob.substr(i + 2, close - 1 - (i + 2)), c);
        if (!member) return {Outcome::Malformed, 0};
        matched = matched || *member;
        range_start = kNoRangeStart;
        i = close + 1;
        continue;
      }
    }
    matched = matched || c == ch;
    range_start = ch;
    ++i;
  }
  return {matched != negated ? Outcome::Match : Outcome::NoMatch, i + 1};
}

// Matches `c` against the token at glob[pos], which is not '*'.
TokenMatch match_token(std::string_view glob, std::size_t pos, unsigned char c) {
  switch (glob[pos]) {
    case '?':
      return {Outcome::Match, pos + 1};
    case '\\':
      if (pos + 1 >= glob.size()) return {Outcome::Malformed, 0};
      return {c == byte_at(glob, pos + 1) ? Outcome::Match : Outcome::NoMatch, pos + 2};
    case '[':
      return match_bracket(glob, pos, c);
    default:
      return {c == byte_at(glob, pos) ? Outcome::Match : Outcome::NoMatch, pos + 1};
  }
}

bool is_any_depth_wildcard(std::string_view component) {
  return component.size() >= 2 && component.find_first_not_of('*') == std::string_view::npos;
}

}  // namespace

bool glob_matches_component(std::string_view glob, std::string_view name) {
  std::size_t p = 0;
  std::size_t t = 0;
  // Where to resume after the last '*': the pattern just past it, and the
  // next text position that star should swallow on a mismatch.
  std::size_t star_resume = std::string_view::npos;
  std::size_t star_text = 0;
  while (t < name.size()) {
    if (p < glob.size() && glob[p] == '*') {
      while (p < glob.size() && glob[p] == '*') ++p;
      star_resume = p;
      star_text = t;
      continue;
    }
    if (p < glob.size()) {
      const TokenMatch token = match_token(glob, p, byte_at(name, t));
      if (token.outcome == Outcome::Malformed) return false;
      if (token.outcome == Outcome::Match) {
        p = token.next;
        ++t;
        continue;
      }
    }
    if (star_resume == std::string_view::npos) return false;
    p = star_resume;
    t = ++star_text;
  }
  while (p < glob.size() && glob[p] == '*') ++p;
  return p == glob.size();
}

PathGlob::PathGlob(std::string_view pattern) {
  std::string component;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char ch = pattern[i];
    const bool escaped_slash = ch == '\\' && i + 1 < pattern.size() && pattern[i + 1] == '/';
    if (ch == '/' || escaped_slash) {
      if (escaped_slash) ++i;
      components_.push_back(std::move(component));
      component.clear();
    } else if (ch == '\\' && i + 1 < pattern.size()) {
      component += ch;
      component += pattern[++i];
    } else {
      component += ch;
    }
  }
  components_.push_back(std::move(component));
  for (std::string& each : components_) {
    if (is_any_depth_wildcard(each)) each = "**";
  }
}

bool PathGlob::matches(std::string_view path) const {
  return matches_from(0, path);
}

bool PathGlob::matches_from(std::size_t component, std::string_view rest) const {
  if (component == components_.size()) return rest.empty();
  if (rest.empty()) return false;
  const std::string& glob = components_[component];
  if (glob == "**") {
    if (component + 1 == components_.size()) return true;
    for (;;) {
      if (matches_from(component + 1, rest)) return true;
      const std::size_t slash = rest.find('/');
      if (slash == std::string_view::npos) return false;
      rest.remove_prefix(slash + 1);
    }
  }
  const std::size_t slash = rest.find('/');
  if (!glob_matches_component(glob, rest.substr(0, slash))) return false;
  return matches_from(
      component + 1, slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1));
}

}  // namespace trellis::ingest
