#include "discover/symlink_target.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <memory>

#include "discover/errno_reason.hpp"

namespace trellis::ingest {
namespace {

struct FreeDeleter {
  void operator()(char* text) const { std::free(text); }
};

}  // namespace

bool is_same_or_below(std::string_view path, std::string_view ancestor) {
  if (!path.starts_with(ancestor)) return false;
  return path.size() == ancestor.size() || ancestor.back() == '/' || path[ancestor.size()] == '/';
}

Result<SymlinkTarget> resolve_symlink(std::string_view root, std::string_view directory,
                                      std::string_view name) {
  std::string link(directory);
  if (link.back() != '/') link += '/';
  link += name;
  const std::unique_ptr<char, FreeDeleter> resolved(::realpath(link.c_str(), nullptr));
  if (!resolved) {
    if (errno == ENOENT || errno == ENOTDIR) {
      return make_error(ErrorCode::InvalidArgument, "broken symlink");
    }
    return errno_error(errno);
  }
  struct stat info {};
  if (::stat(resolved.get(), &info) != 0) return errno_error(errno);
  SymlinkTarget target;
  target.path = resolved.get();
  target.type = S_ISREG(info.st_mode)   ? SymlinkTarget::Type::RegularFile
                : S_ISDIR(info.st_mode) ? SymlinkTarget::Type::Directory
                                        : SymlinkTarget::Type::Other;
  target.inside_tree = is_same_or_below(target.path, root);
  target.contains_link =
      target.type == SymlinkTarget::Type::Directory && is_same_or_below(directory, target.path);
  return target;
}

}  // namespace trellis::ingest
