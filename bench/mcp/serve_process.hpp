// A `trellis serve` child process spoken to over pipes, one JSON-RPC line
// at a time, for timing calls as an MCP client sees them.
#pragma once

#include <sys/types.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"

namespace trellis::bench {

class ServeProcess {
 public:
  // Starts `trellis serve` with `arguments` (stderr inherited).
  static Result<ServeProcess> start(const std::filesystem::path& trellis, const std::vector<std::string>& arguments);
  ServeProcess(ServeProcess&& other) noexcept;
  ServeProcess& operator=(ServeProcess&&) = delete;
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;
  // Closes its input and waits for it to exit.
  ~ServeProcess();

  // Writes one message line; false when the server is gone.
  bool send(std::string_view message);
  // The next line it writes (without "\n"); false at end of output.
  bool receive(std::string& line);
  // Closes its input and returns its exit status (-1 if it did not exit normally).
  int finish();

 private:
  ServeProcess(pid_t pid, std::FILE* to, std::FILE* from) : pid_(pid), to_(to), from_(from) {}

  pid_t pid_ = -1;
  std::FILE* to_ = nullptr;
  std::FILE* from_ = nullptr;
};

}  // namespace trellis::bench
