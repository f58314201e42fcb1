#include "mcp/serve_process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cstdlib>

extern char** environ;

namespace trellis::bench {

Result<ServeProcess> ServeProcess::start(const std::filesystem::path& trellis, const std::vector<std::string>& arguments) {
  int to_child[2];
  int from_child[2];
  if (::pipe2(to_child, O_CLOEXEC) != 0 || ::pipe2(from_child, O_CLOEXEC) != 0) {
    return make_error(ErrorCode::Internal, "cannot make pipes");
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to_child[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], STDOUT_FILENO);
  std::vector<std::string> argv_text{trellis.string(), "serve"};
  argv_text.insert(argv_text.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (std::string& text : argv_text) argv.push_back(text.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int spawned = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(to_child[0]);
  ::close(from_child[1]);
  if (spawned != 0) {
    ::close(to_child[1]);
    ::close(from_child[0]);
    return make_error(ErrorCode::Internal, fmt::format("cannot start {}", trellis.string()));
  }
  return ServeProcess(pid, ::fdopen(to_child[1], "w"), ::fdopen(from_child[0], "r"));
}

ServeProcess::ServeProcess(ServeProcess&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)), to_(std::exchange(other.to_, nullptr)),
      from_(std::exchange(other.from_, nullptr)) {}

ServeProcess::~ServeProcess() { finish(); }

bool ServeProcess::send(std::string_view message) {
  if (to_ == nullptr) return false;
  return std::fwrite(message.data(), 1, message.size(), to_) == message.size() && std::fputc('\n', to_) != EOF &&
         std::fflush(to_) == 0;
}

bool ServeProcess::receive(std::string& line) {
  line.clear();
  if (from_ == nullptr) return false;
  for (int c = std::fgetc(from_); c != EOF; c = std::fgetc(from_)) {
    if (c == '\n') return true;
    line += static_cast<char>(c);
  }
  return false;
}

int ServeProcess::finish() {
  if (to_ != nullptr) std::fclose(std::exchange(to_, nullptr));
  if (from_ != nullptr) std::fclose(std::exchange(from_, nullptr));
  if (pid_ < 0) return -1;
  int status = 0;
  ::waitpid(std::exchange(pid_, -1), &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace trellis::bench
