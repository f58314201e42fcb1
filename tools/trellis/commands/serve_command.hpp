// `trellis serve`: the MCP server (tools/mcp/) on stdin and stdout, over
// the database the other commands would use.
#pragma once

#include <memory>

#include "trellis/cli/command.hpp"

namespace trellis::cli {

std::unique_ptr<Command> add_serve_command(CLI::App& app);

}  // namespace trellis::cli
