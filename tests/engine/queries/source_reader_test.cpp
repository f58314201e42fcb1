// The queries' source reading stays inside the indexed root.
#include <doctest/doctest.h>

#include <fstream>

#include "trellis/queries/source_reader.hpp"
#include "support/temp_dir.hpp"

using trellis::ErrorCode;

namespace {

trellis::Result<trellis::queries::SourceText> read_source_lines(const std::string& root, std::string_view path,
                                                                int first, int last, int max_lines) {
  return trellis::queries::TreeSourceReader(root).read_lines(path, first, last, max_lines);
}

}  // namespace

namespace {

void write(const std::filesystem::path& path, std::string_view text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

}  // namespace

TEST_CASE("source lines: the node's lines, capped by max_lines") {
  TempDir dir;
  write(dir / "root/pkg/m.py", "a\nb\nc\nd\n");
  const std::string root = (dir / "root").string();
  auto lines = read_source_lines(root, "pkg/m.py", 2, 3, 10);
  REQUIRE(lines.ok());
  CHECK(lines->text == "b\nc\n");
  CHECK(lines->first == 2);
  CHECK(lines->last == 3);
  CHECK_FALSE(lines->truncated);
  lines = read_source_lines(root, "pkg/m.py", 1, 4, 2);
  REQUIRE(lines.ok());
  CHECK(lines->text == "a\nb\n");
  CHECK(lines->truncated);
  lines = read_source_lines(root, "pkg/m.py", 3, 9, 10);  // the file got shorter
  REQUIRE(lines.ok());
  CHECK(lines->text == "c\nd\n");
  CHECK(lines->last == 4);
}

TEST_CASE("source lines: paths leaving the root are refused, through .. or symlinks") {
  TempDir dir;
  write(dir / "secret.py", "secret\n");
  write(dir / "root/ok.py", "ok\n");
  std::filesystem::create_directories(dir / "root/sub");
  std::filesystem::create_symlink(dir / "secret.py", dir / "root/link.py");
  std::filesystem::create_directory_symlink(dir.path(), dir / "root/sub/up");
  const std::string root = (dir / "root").string();
  for (const char* path : {"../secret.py", "sub/../../secret.py", "link.py", "sub/up/secret.py"}) {
    CAPTURE(path);
    auto lines = read_source_lines(root, path, 1, 1, 10);
    REQUIRE_FALSE(lines.ok());
    CHECK(lines.error().code == ErrorCode::InvalidArgument);
    CHECK(lines.error().message.find("outside the indexed root") != std::string::npos);
  }
  auto absolute = read_source_lines(root, (dir / "secret.py").string(), 1, 1, 10);
  CHECK_FALSE(absolute.ok());
  auto missing = read_source_lines(root, "gone.py", 1, 1, 10);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().code == ErrorCode::DatabaseError);
  CHECK(read_source_lines(root, "ok.py", 1, 1, 10).ok());
}

TEST_CASE("source lines: a graph of several projects reads each path under its project's root") {
  TempDir dir;
  write(dir / "one/pkg/m.py", "one\n");
  write(dir / "two/pkg/m.py", "two\n");
  write(dir / "secret.py", "no\n");
  const trellis::queries::TreeSourceReader reader(std::vector<trellis::queries::SourceRoot>{
      {"api", (dir / "one").string()}, {"web", (dir / "two").string()}});
  auto api = reader.read_file("api/pkg/m.py");
  REQUIRE(api.ok());
  CHECK(*api == "one\n");
  auto web = reader.read_file("web/pkg/m.py");
  REQUIRE(web.ok());
  CHECK(*web == "two\n");
  // A path without a project of the graph, or leaving one's root, is refused.
  for (const std::string_view path : {"pkg/m.py", "other/pkg/m.py", "api", "api/../secret.py", "web/../../secret.py"}) {
    auto refused = reader.read_file(path);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().code == ErrorCode::InvalidArgument);
  }
  // No roots at all: nothing is read.
  const trellis::queries::TreeSourceReader none(std::vector<trellis::queries::SourceRoot>{});
  CHECK_FALSE(none.read_file("api/pkg/m.py").ok());
}
