#include "trellis/ingest/gitignore.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "trellis/ingest/ignore_rules.hpp"

using trellis::ingest::IgnoreList;
using trellis::ingest::IgnorePattern;
using trellis::ingest::IgnoreRules;
using trellis::ingest::IgnoreVerdict;

namespace {

constexpr bool kFile = false;
constexpr bool kDirectory = true;

IgnoreVerdict check(std::string_view gitignore, std::string_view path, bool is_directory = kFile) {
  return IgnoreList::parse("", gitignore).check(path, is_directory);
}

bool excluded(std::string_view gitignore, std::string_view path, bool is_directory = kFile) {
  return check(gitignore, path, is_directory) == IgnoreVerdict::Excluded;
}

}  // namespace

TEST_CASE("blank lines and comments hold no pattern; \\# starts a pattern with #") {
  CHECK_FALSE(IgnorePattern::parse("").has_value());
  CHECK_FALSE(IgnorePattern::parse("# build output").has_value());
  CHECK_FALSE(IgnorePattern::parse("   ").has_value());
  CHECK_FALSE(IgnorePattern::parse("!").has_value());
  CHECK_FALSE(IgnorePattern::parse("/").has_value());
  CHECK(excluded("\\#notes", "#notes"));
  CHECK_FALSE(excluded("#notes", "#notes"));
  const IgnoreList list = IgnoreList::parse("", "\n# comment\n\n");
  CHECK(list.empty());
}

TEST_CASE("trailing spaces are dropped unless escaped with a backslash") {
  CHECK(excluded("foo   ", "foo"));
  CHECK_FALSE(excluded("foo\\ ", "foo"));
  CHECK(excluded("foo\\ ", "foo "));
  CHECK(excluded("foo\\  ", "foo "));
  // An escaped backslash does not escape the space after it.
  CHECK(excluded("foo\\\\ ", "foo\\"));
  // Leading spaces and trailing tabs are part of the pattern.
  CHECK(excluded(" foo", " foo"));
  CHECK_FALSE(excluded(" foo", "foo"));
  CHECK(excluded("foo\t", "foo\t"));
}

TEST_CASE("CRLF line ends and a byte order mark are tolerated") {
  const IgnoreList list = IgnoreList::parse("", "\xEF\xBB\xBF*.log\r\nbuild/\r\n");
  CHECK(list.check("debug.log", kFile) == IgnoreVerdict::Excluded);
  CHECK(list.check("build", kDirectory) == IgnoreVerdict::Excluded);
  CHECK(list.check("x.py", kFile) == IgnoreVerdict::Unmatched);
}

TEST_CASE("! negates, and within one list the last matching pattern decides") {
  const std::string gitignore = "*.log\n!keep.log\n";
  CHECK(check(gitignore, "debug.log") == IgnoreVerdict::Excluded);
  CHECK(check(gitignore, "keep.log") == IgnoreVerdict::Included);
  CHECK(check(gitignore, "sub/keep.log") == IgnoreVerdict::Included);
  CHECK(check(gitignore, "app.py") == IgnoreVerdict::Unmatched);
  CHECK(check("!keep.log\n*.log\n", "keep.log") == IgnoreVerdict::Excluded);
  // "\!" is a literal '!'.
  CHECK(check("\\!important!.txt", "!important!.txt") == IgnoreVerdict::Excluded);
}

TEST_CASE("a trailing slash matches directories only") {
  CHECK(excluded("build/", "build", kDirectory));
  CHECK(excluded("build/", "src/build", kDirectory));
  CHECK_FALSE(excluded("build/", "build", kFile));
  CHECK(excluded("build", "build", kFile));
  CHECK(excluded("build", "build", kDirectory));
  CHECK(excluded("doc/frotz/", "doc/frotz", kDirectory));
  CHECK_FALSE(excluded("doc/frotz/", "a/doc/frotz", kDirectory));
  CHECK(excluded("frotz/", "a/frotz", kDirectory));
}

TEST_CASE(
    "a slash at the start or in the middle anchors the pattern; otherwise it matches at any "
    "depth") {
  CHECK(excluded("/foo", "foo"));
  CHECK_FALSE(excluded("/foo", "a/foo"));
  CHECK(excluded("doc/frotz", "doc/frotz"));
  CHECK_FALSE(excluded("doc/frotz", "a/doc/frotz"));
  CHECK(excluded("frotz", "a/b/frotz"));
  CHECK(excluded("/*.c", "cat-file.c"));
  CHECK_FALSE(excluded("/*.c", "mozilla-sha1/sha1.c"));
  CHECK(excluded("*.c", "mozilla-sha1/sha1.c"));
  CHECK(excluded("foo/*", "foo/test.json"));
  CHECK(excluded("foo/*", "foo/bar", kDirectory));
  CHECK_FALSE(excluded("foo/*", "foo/bar/hello.c"));
}

TEST_CASE("** patterns in ignore files") {
  CHECK(excluded("**/foo", "foo"));
  CHECK(excluded("**/foo", "x/y/foo", kDirectory));
  CHECK(excluded("**/foo/bar", "x/foo/bar"));
  CHECK(excluded("abc/**", "abc/x/y"));
  CHECK_FALSE(excluded("abc/**", "abc", kDirectory));
  CHECK(excluded("a/**/b", "a/b"));
  CHECK(excluded("a/**/b", "a/x/y/b"));
  CHECK(excluded("**/generated/", "src/generated", kDirectory));
  CHECK_FALSE(excluded("**/generated/", "src/generated", kFile));
}

TEST_CASE("patterns are relative to the base of their list") {
  const IgnoreList list = IgnoreList::parse("pkg/sub", "/gen\nlocal/*.py\n*.tmp\n");
  CHECK(list.check("pkg/sub/gen", kDirectory) == IgnoreVerdict::Excluded);
  CHECK(list.check("pkg/sub/deeper/gen", kDirectory) == IgnoreVerdict::Unmatched);
  CHECK(list.check("pkg/sub/local/x.py", kFile) == IgnoreVerdict::Excluded);
  CHECK(list.check("pkg/sub/a/local/x.py", kFile) == IgnoreVerdict::Unmatched);
  CHECK(list.check("pkg/sub/a/b/c.tmp", kFile) == IgnoreVerdict::Excluded);
}

TEST_CASE("from_patterns reads one pattern per entry") {
  const IgnoreList list = IgnoreList::from_patterns("", {"*.gen.py", "docs/", "!keep.gen.py"});
  CHECK(list.check("a/b.gen.py", kFile) == IgnoreVerdict::Excluded);
  CHECK(list.check("keep.gen.py", kFile) == IgnoreVerdict::Included);
  CHECK(list.check("src/docs", kDirectory) == IgnoreVerdict::Excluded);
  CHECK(list.check("src/docs", kFile) == IgnoreVerdict::Unmatched);
}

TEST_CASE("a deeper ignore list takes precedence over the ones above it") {
  const IgnoreRules top = IgnoreRules{}
                              .with_innermost(IgnoreList::parse("", "secret.py\n"))
                              .with_innermost(IgnoreList::parse("", "*.log\n"));
  const IgnoreRules sub = top.with_innermost(IgnoreList::parse("sub", "!keep.log\n!secret.py\n"));
  CHECK(top.excludes("keep.log", kFile));
  CHECK(top.excludes("sub/keep.log", kFile));
  CHECK_FALSE(sub.excludes("sub/keep.log", kFile));
  CHECK(sub.excludes("sub/other.log", kFile));
  CHECK(top.excludes("sub/secret.py", kFile));
  CHECK_FALSE(sub.excludes("sub/secret.py", kFile));
  CHECK_FALSE(IgnoreRules{}.excludes("anything", kFile));
}
