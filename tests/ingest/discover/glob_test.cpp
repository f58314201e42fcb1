#include "trellis/ingest/glob.hpp"

#include <doctest/doctest.h>

using trellis::ingest::glob_matches_component;
using trellis::ingest::PathGlob;

TEST_CASE("a star matches any run of characters in a name, dotfiles and empty runs included") {
  CHECK(glob_matches_component("*.py", "app.py"));
  CHECK(glob_matches_component("*.py", ".py"));
  CHECK(glob_matches_component("*", ".hidden"));
  CHECK(glob_matches_component("test_*_unit.py", "test_auth_unit.py"));
  CHECK(glob_matches_component("*a*b*c", "xaybzc"));
  CHECK_FALSE(glob_matches_component("*.py", "app.pyc"));
  CHECK_FALSE(glob_matches_component("a*a*a*a*b", std::string(40, 'a')));
  CHECK(glob_matches_component("a**b", "axyzb"));
}

TEST_CASE("a question mark matches exactly one byte") {
  CHECK(glob_matches_component("a?c", "abc"));
  CHECK_FALSE(glob_matches_component("a?c", "ac"));
  CHECK_FALSE(glob_matches_component("a?c", "abbc"));
  // UTF-8 compares byte for byte: "é" is two bytes.
  CHECK_FALSE(glob_matches_component("caf?", "caf\xc3\xa9"));
  CHECK(glob_matches_component("caf??", "caf\xc3\xa9"));
  CHECK(glob_matches_component("caf\xc3\xa9_*", "caf\xc3\xa9_menu.py"));
}

TEST_CASE("bracket expressions: sets, ranges, negation, classes, literal ] and -") {
  CHECK(glob_matches_component("[abc].py", "b.py"));
  CHECK_FALSE(glob_matches_component("[abc].py", "d.py"));
  CHECK(glob_matches_component("file[0-9]", "file7"));
  CHECK_FALSE(glob_matches_component("file[0-9]", "filex"));
  CHECK(glob_matches_component("[!a-c]", "d"));
  CHECK_FALSE(glob_matches_component("[!a-c]", "b"));
  CHECK(glob_matches_component("[^a-c]", "d"));
  CHECK_FALSE(glob_matches_component("[^a-c]", "a"));
  CHECK(glob_matches_component("[]]", "]"));
  CHECK(glob_matches_component("[!]]", "a"));
  CHECK_FALSE(glob_matches_component("[!]]", "]"));
  CHECK(glob_matches_component("[a-]", "-"));
  CHECK(glob_matches_component("[-a]", "-"));
  CHECK(glob_matches_component("[a-c-e]", "e"));
  CHECK_FALSE(glob_matches_component("[a-c-e]", "d"));
  CHECK(glob_matches_component("[\\]]", "]"));
  CHECK(glob_matches_component("[[:digit:]][[:alpha:]]", "7x"));
  CHECK_FALSE(glob_matches_component("[[:digit:]]", "x"));
  CHECK(glob_matches_component("[[:upper:][:digit:]]", "Q"));
  CHECK(glob_matches_component("[[:space:]]", "\t"));
  CHECK(glob_matches_component("[[:xdigit:]]", "F"));
  CHECK_FALSE(glob_matches_component("[[:xdigit:]]", "g"));
  CHECK(glob_matches_component("[[:punct:]]", "_"));
  // "[:" without a closing ":]" is a literal '['.
  CHECK(glob_matches_component("[[:a]", ":"));
}

TEST_CASE("a backslash makes the next character literal") {
  CHECK(glob_matches_component("\\*", "*"));
  CHECK_FALSE(glob_matches_component("\\*", "a"));
  CHECK(glob_matches_component("\\?x", "?x"));
  CHECK(glob_matches_component("\\[a]", "[a]"));
  CHECK(glob_matches_component("a\\b", "ab"));
}

TEST_CASE("malformed globs match nothing") {
  CHECK_FALSE(glob_matches_component("[abc", "a"));
  CHECK_FALSE(glob_matches_component("[abc", "[abc"));
  CHECK_FALSE(glob_matches_component("[[:bogus:]]", "b"));
  CHECK_FALSE(glob_matches_component("a\\", "a"));
  CHECK_FALSE(glob_matches_component("a\\", "a\\"));
  CHECK_FALSE(glob_matches_component("*[", "x["));
}

TEST_CASE("path globs: wildcards never cross a slash") {
  const PathGlob glob("Documentation/*.html");
  CHECK(glob.matches("Documentation/git.html"));
  CHECK_FALSE(glob.matches("Documentation/ppc/ppc.html"));
  CHECK_FALSE(glob.matches("tools/perf/Documentation/perf.html"));
  CHECK(PathGlob("*/foo").matches("x/foo"));
  CHECK_FALSE(PathGlob("*/foo").matches("x/y/foo"));
  CHECK_FALSE(PathGlob("*/foo").matches("foo"));
  CHECK_FALSE(PathGlob("a?b").matches("a/b"));
  CHECK_FALSE(PathGlob("a[/]b").matches("a/b"));
  CHECK(PathGlob("a\\/b").matches("a/b"));
}

TEST_CASE("a leading **/ matches in all directories, the top included") {
  const PathGlob glob("**/foo");
  CHECK(glob.matches("foo"));
  CHECK(glob.matches("a/foo"));
  CHECK(glob.matches("a/b/foo"));
  CHECK_FALSE(glob.matches("a/foox"));
  CHECK_FALSE(glob.matches("foo/a"));
  const PathGlob nested("**/foo/bar");
  CHECK(nested.matches("foo/bar"));
  CHECK(nested.matches("x/y/foo/bar"));
  CHECK_FALSE(nested.matches("x/foo/y/bar"));
}

TEST_CASE("a trailing /** matches everything inside, but not the directory itself") {
  const PathGlob glob("abc/**");
  CHECK(glob.matches("abc/x"));
  CHECK(glob.matches("abc/x/y/z"));
  CHECK_FALSE(glob.matches("abc"));
  CHECK_FALSE(glob.matches("x/abc/y"));
  CHECK(PathGlob("**").matches("a/b/c"));
}

TEST_CASE("a middle /**/ matches zero or more directories") {
  const PathGlob glob("a/**/b");
  CHECK(glob.matches("a/b"));
  CHECK(glob.matches("a/x/b"));
  CHECK(glob.matches("a/x/y/b"));
  CHECK_FALSE(glob.matches("a/xb"));
  CHECK_FALSE(glob.matches("a/x/b/c"));
  CHECK(PathGlob("a/**/**/b").matches("a/b"));
  CHECK(PathGlob("a/***/b").matches("a/x/y/b"));
  CHECK(PathGlob("src/**/test_*.py").matches("src/pkg/sub/test_auth.py"));
}

TEST_CASE("** next to other characters is a plain star") {
  CHECK(PathGlob("a/**b").matches("a/xb"));
  CHECK_FALSE(PathGlob("a/**b").matches("a/x/b"));
  CHECK(PathGlob("**x/y").matches("abx/y"));
  CHECK_FALSE(PathGlob("**x/y").matches("a/bx/y"));
}
