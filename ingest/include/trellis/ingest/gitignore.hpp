// Ignore patterns as .gitignore files, .git/info/exclude and `--exclude`
// write them, read by the rules of gitignore(5), "PATTERN FORMAT":
//  - blank lines and lines starting with '#' hold no pattern ("\#" starts a
//    pattern with '#'); a trailing "\r" (CRLF files) is dropped;
//  - trailing spaces are dropped unless escaped ("\ ");
//  - a leading '!' re-includes what an earlier pattern excluded ("\!" starts
//    a pattern with '!');
//  - a trailing '/' matches directories only, never files or symlinks;
//  - a '/' at the start or in the middle anchors the pattern to the base
//    directory of its list; without one the pattern matches a name at any
//    depth below the base;
//  - the glob syntax of glob.hpp.
// Within one list the last matching pattern decides.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/ingest/glob.hpp"

namespace trellis::ingest {

enum class IgnoreVerdict {
  Unmatched,  // no pattern of the list matches
  Excluded,   // the last matching pattern excludes
  Included,   // the last matching pattern is a '!' re-include
};

// One compiled pattern.
class IgnorePattern {
 public:
  // The pattern on `line` (without its '\n'); nullopt when the line holds
  // none (blank, comment, or nothing left after '!' and '/').
  static std::optional<IgnorePattern> parse(std::string_view line);

  bool negated() const { return negated_; }

  // Whether the pattern matches `path`, relative to its list's base, whose
  // last component is `name`.
  bool matches(std::string_view path, std::string_view name, bool is_directory) const;

 private:
  enum class Shape {
    Name,        // a literal name at any depth ("node_modules")
    NameSuffix,  // "*" then a literal, at any depth ("*.pyc")
    NameGlob,    // any other glob on the name ("test_*.py")
    Path,        // a literal path from the base ("/build", "docs/api")
    PathGlob,    // any other anchored glob ("src/**/gen")
  };

  IgnorePattern(std::string_view text, bool negated, bool directory_only, bool anchored);

  Shape shape_;
  bool negated_;
  bool directory_only_;
  std::string text_;  // the literal, the suffix or the name glob
  std::optional<PathGlob> path_glob_;
};

// The patterns of one source, anchored at its base directory.
class IgnoreList {
 public:
  // `base` is the directory the patterns are relative to, as a path from the
  // top of the walk ("" for the top itself, else "src/gen").
  // parse() reads a whole file's text, one pattern per line (a leading UTF-8
  // byte order mark is skipped); from_patterns() takes one pattern per entry.
  static IgnoreList parse(std::string base, std::string_view text);
  static IgnoreList from_patterns(std::string base, const std::vector<std::string>& patterns);

  // The verdict for `path`, a '/'-separated path from the top of the walk
  // that lies inside base.
  IgnoreVerdict check(std::string_view path, bool is_directory) const;

  bool empty() const { return patterns_.empty(); }
  const std::string& base() const { return base_; }

 private:
  explicit IgnoreList(std::string base) : base_(std::move(base)) {}
  void add_line(std::string_view line);

  std::string base_;
  std::vector<IgnorePattern> patterns_;
};

}  // namespace trellis::ingest
