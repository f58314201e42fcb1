#include "trellis/formats/graphviz_render.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "trellis/common/file_io.hpp"

extern char** environ;

namespace trellis::formats {
namespace {

// A DOT file beside `out`, removed when it goes out of scope.
class TemporaryDot {
 public:
  explicit TemporaryDot(const std::filesystem::path& out)
      : path_(out.parent_path() / fmt::format(".{}.{}.dot", out.filename().string(), ::getpid())) {}
  ~TemporaryDot() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  TemporaryDot(const TemporaryDot&) = delete;
  TemporaryDot& operator=(const TemporaryDot&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace

Status render_with_dot(std::string_view dot_text, std::string_view format, const std::filesystem::path& out) {
  const std::filesystem::path target = std::filesystem::absolute(out);
  const TemporaryDot input(target);
  if (Status written = write_file_atomically(input.path(), dot_text); !written.ok()) return written;
  std::vector<std::string> argv_text{"dot", fmt::format("-T{}", format), "-o", target.string(), input.path().string()};
  std::vector<char*> argv;
  for (std::string& text : argv_text) argv.push_back(text.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int spawned = ::posix_spawnp(&pid, "dot", nullptr, nullptr, argv.data(), environ);
  if (spawned == ENOENT) {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("rendering {} needs Graphviz's `dot` on the PATH (Debian: apt-get install graphviz); "
                                  "without it, write --format dot and render that elsewhere",
                                  format));
  }
  if (spawned != 0) {
    return make_error(ErrorCode::Internal, fmt::format("cannot start dot: {}", std::strerror(spawned)));
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return make_error(ErrorCode::Internal, "waiting for dot failed");
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return make_error(ErrorCode::Internal, fmt::format("dot -T{} failed (exit status {})", format,
                                                       WIFEXITED(status) ? WEXITSTATUS(status) : -1));
  }
  return {};
}

}  // namespace trellis::formats
