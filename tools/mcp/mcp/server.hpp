// `trellis serve`: an MCP server over stdio. Reads one JSON-RPC message per
// line from `input`, writes one response per line to `output` (nothing
// else: logs go to stderr), until end of input.
//
// Methods: initialize (protocol version negotiation), ping, tools/list,
// tools/call; notifications (notifications/initialized, .../cancelled, any
// other) get no answer. Batches (a JSON array, protocol 2025-03-26) get an
// array of the answers. Malformed JSON gets -32700, a message that is no
// request -32600, an unknown method -32601, bad params (unknown tool,
// params or arguments of the wrong shape) -32602; a line over the size cap
// is skipped unread and answered -32600. The server keeps serving after
// every one of these.
//
// tools/call answers with the contract's JSON document as a text content
// block and as structuredContent (which the tool's outputSchema describes);
// a refused call (not found, invalid argument, no database, TIMEOUT past
// the time limit) is a result with isError true and the contract's error
// object as its text content, without structuredContent.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "mcp/graph_session.hpp"
#include "mcp/tool_registry.hpp"

namespace trellis::mcp {

struct ServerOptions {
  std::size_t max_request_bytes = 4 * 1024 * 1024;
  std::chrono::milliseconds call_time_limit{10'000};
};

class Server {
 public:
  Server(GraphSession session, ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Serves until end of input (0) or until the answers cannot be written (1).
  int serve(int input_fd, std::FILE* output);

  // The answer to one line of input: "" when it needs none (notifications).
  std::string handle_line(std::string_view line);

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace trellis::mcp
