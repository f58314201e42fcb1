// One tool call from start to answer, for every face that offers the tools
// (the MCP server's tools/call, `trellis web`'s /api/call): arguments read
// and checked against the tool's declaration, the session's current graph,
// the handler run on a worker under the time limit. The answer is the
// document the CLI's --json prints: the success document, or the error
// object for a refused call.
#pragma once

#include <simdjson.h>

#include <chrono>
#include <optional>
#include <string>

#include "mcp/call_runner.hpp"
#include "mcp/graph_session.hpp"
#include "mcp/tool_registry.hpp"
#include "trellis/common/error.hpp"

namespace trellis::mcp {

struct ToolAnswer {
  std::string document;
  std::optional<ErrorCode> error;  // set for a refused call
};

class ToolCaller {
 public:
  ToolCaller(GraphSession& session, std::chrono::milliseconds time_limit) : session_(session), time_limit_(time_limit) {}

  // `arguments_json` is the arguments' text (`{}` when none), echoed in an
  // error's provided_input. One caller thread at a time (CallRunner's rule).
  ToolAnswer call(const Tool& tool, std::optional<simdjson::dom::object> arguments, const std::string& arguments_json);

 private:
  GraphSession& session_;
  std::chrono::milliseconds time_limit_;
  CallRunner runner_;
};

}  // namespace trellis::mcp
