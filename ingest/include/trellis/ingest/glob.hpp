// Glob matching with the rules of gitignore(5), used by .gitignore files and
// `--exclude` patterns alike. Matching is case-sensitive and byte-wise, so
// UTF-8 names compare byte for byte.
//
//   *       any run of characters except '/'
//   ?       any one character except '/'
//   [...]   one character of a set: [abc], ranges [a-z], negation [!a-z] or
//           [^a-z], classes [[:alpha:]] (alnum alpha blank cntrl digit graph
//           lower print punct space upper xdigit); never '/'. A ']' right
//           after the '[' (or '[!') is a member.
//   \x      the character x itself
//   **      as a whole component only: "**/x" is x at any depth, "a/**" is
//           everything inside a (not a itself), "a/**/b" allows zero or more
//           directories between a and b. Anywhere else "**" is a plain "*".
//
// A malformed pattern (an unclosed '[', an unknown [:class:], a trailing
// lone '\') matches nothing, as in git.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace trellis::ingest {

// Whether `name`, one path component (no '/'), matches `glob`, a pattern of
// one component.
bool glob_matches_component(std::string_view glob, std::string_view name);

// A glob over '/'-separated relative paths ("src/*.py", "**/gen/**"),
// compiled once and matched many times.
class PathGlob {
 public:
  explicit PathGlob(std::string_view pattern);

  // Whether the whole of `path` (relative, '/'-separated, no leading or
  // trailing '/', no empty components) matches.
  bool matches(std::string_view path) const;

 private:
  bool matches_from(std::size_t component, std::string_view rest) const;

  // One entry per '/'-separated component of the pattern; "**" entries are
  // the any-depth wildcard.
  std::vector<std::string> components_;
};

}  // namespace trellis::ingest
