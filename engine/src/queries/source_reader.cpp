#include "trellis/queries/source_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "trellis/common/file_descriptor.hpp"
#include "trellis/common/utf8.hpp"

namespace trellis::queries {
namespace {

namespace fs = std::filesystem;

Error outside(std::string_view path) {
  return make_error(ErrorCode::InvalidArgument,
                    fmt::format("refused to read {}: it lies outside the indexed root", path));
}

bool inside(const fs::path& root, const fs::path& file) {
  auto r = root.begin();
  auto f = file.begin();
  for (; r != root.end(); ++r, ++f) {
    if (f == file.end() || *r != *f) return false;
  }
  return f != file.end();
}

}  // namespace

TreeSourceReader::TreeSourceReader(std::optional<std::string> root, ChangeCheck changed)
    : changed_(std::move(changed)) {
  if (root) roots_.push_back({"", std::move(*root)});
}

TreeSourceReader::TreeSourceReader(std::vector<SourceRoot> roots, ChangeCheck changed)
    : roots_(std::move(roots)), changed_(std::move(changed)) {}

Result<std::string> TreeSourceReader::read_file(std::string_view file_path) const {
  if (roots_.empty()) {
    return make_error(ErrorCode::InvalidArgument, "the graph has no indexed root (a CSV import): no source to read");
  }
  if (roots_.size() == 1 && roots_.front().project.empty()) return read_under(roots_.front().path, file_path, file_path);
  // Several projects: the path's first part names the project.
  const std::size_t slash = file_path.find('/');
  if (slash != std::string_view::npos) {
    const std::string_view project = file_path.substr(0, slash);
    for (const SourceRoot& root : roots_) {
      if (root.project == project) return read_under(root.path, file_path.substr(slash + 1), file_path);
    }
  }
  return make_error(ErrorCode::InvalidArgument,
                    fmt::format("refused to read {}: its path does not start with a project of the graph", file_path));
}

Result<std::string> TreeSourceReader::read_under(const std::string& root, std::string_view relative_path,
                                                 std::string_view file_path) const {
  const fs::path relative(relative_path);
  if (relative.empty() || relative.is_absolute()) return outside(file_path);
  for (const fs::path& part : relative) {
    if (part == "..") return outside(file_path);
  }
  std::error_code error;
  const fs::path real_root = fs::canonical(fs::path(root), error);
  if (error) {
    return make_error(ErrorCode::DatabaseError,
                      fmt::format("the indexed root {} is gone: {}", root, error.message()));
  }
  const fs::path real_file = fs::canonical(real_root / relative, error);
  if (error) {
    return make_error(ErrorCode::DatabaseError, fmt::format("cannot read {}: {}", file_path, error.message()));
  }
  if (!inside(real_root, real_file)) return outside(file_path);

  const FileDescriptor fd(::open(real_file.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
  struct stat info {};
  if (!fd.valid() || ::fstat(fd.get(), &info) != 0 || !S_ISREG(info.st_mode)) {
    return make_error(ErrorCode::InvalidArgument, fmt::format("{} is not a readable regular file", file_path));
  }
  if (static_cast<std::uint64_t>(info.st_size) > kMaxSourceFileBytes) {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("{} is larger than {} bytes", file_path, kMaxSourceFileBytes));
  }
  std::string text(static_cast<std::size_t>(info.st_size), '\0');
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t got = ::read(fd.get(), text.data() + done, text.size() - done);
    if (got <= 0) break;
    done += static_cast<std::size_t>(got);
  }
  text.resize(done);
  repair_utf8(text);
  return text;
}

std::optional<bool> SourceReader::changed_since_index(std::string_view, std::string_view) const {
  return std::nullopt;
}

Result<SourceText> SourceReader::read_lines(std::string_view file_path, int first, int last, int max_lines) const {
  auto file = read_file(file_path);
  if (!file.ok()) return std::move(file).take_error();
  SourceText out = slice_lines(*file, first, last, max_lines);
  out.changed_since_index = changed_since_index(file_path, *file);
  return out;
}

std::optional<bool> TreeSourceReader::changed_since_index(std::string_view file_path, std::string_view text) const {
  return changed_ ? changed_(file_path, text) : std::nullopt;
}

SourceText slice_lines(std::string_view text, int first, int last, int max_lines) {
  SourceText out;
  out.first = std::max(first, 1);
  const int wanted_last = std::max(last, out.first);
  out.last = std::min(wanted_last, out.first + std::max(max_lines, 1) - 1);
  out.truncated = out.last < wanted_last;
  int line = 1;
  std::size_t begin = 0;
  while (begin < text.size() && line <= out.last) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    if (line >= out.first) {
      out.text.append(text.substr(begin, end - begin));
      out.text += '\n';
    }
    begin = end + 1;
    ++line;
  }
  out.last = std::min(out.last, line - 1);
  if (out.last < out.first) out.truncated = false;
  return out;
}

}  // namespace trellis::queries
