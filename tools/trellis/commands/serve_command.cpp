#include "trellis/commands/serve_command.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mcp/protocol.hpp"
#include "mcp/server.hpp"
#include "trellis/cli/database_locator.hpp"

namespace trellis::cli {
namespace {

constexpr const char* kFooter = R"(Speaks MCP (JSON-RPC 2.0, one message per line) on stdin and stdout; logs go to stderr.
Protocol revisions {}. It ends when stdin closes.

Tools: {}.
The query_* tools are the `trellis query` commands: same parameters, checks and answers as --json.

The database is found as for every command (--db FILE, else .trellis/graph.trellis here or in
the nearest parent). When `trellis index` replaces it, the server loads the new snapshot before
its next answer. If there is none yet, tools answer DATABASE_ERROR until one appears.

)";

constexpr const char* kRegister = R"(Register it with an MCP client, e.g. in .mcp.json (Claude Code) or claude_desktop_config.json:
  {"mcpServers": {"trellis": {"command": "/path/to/trellis",
                              "args": ["serve", "--db", "/path/to/repo/.trellis/graph.trellis"]}}}
or: claude mcp add trellis -- /path/to/trellis serve --db /path/to/repo/.trellis/graph.trellis)";

class ServeCommand final : public Command {
 public:
  explicit ServeCommand(CLI::App& app)
      : Command(*app.add_subcommand("serve", "MCP server for agents: JSON-RPC 2.0 on stdio")) {
    this->app()
        .add_option("--timeout-ms", timeout_ms_, "Time limit of one tool call; past it the call answers TIMEOUT")
        ->check(CLI::Range(1, 3'600'000))
        ->capture_default_str();
    this->app()
        .add_option("--max-request-bytes", max_request_bytes_,
                    "Longest request line accepted; longer ones are refused unread")
        ->check(CLI::Range(1024, 1 << 30))
        ->capture_default_str();
    this->app().footer(fmt::format(fmt::runtime(kFooter), fmt::join(mcp::supported_protocol_versions(), ", "),
                                   fmt::join(mcp::make_tool_registry().names(), ", ")) +
                       kRegister);
  }

  output::Json provided_input() const override { return output::Json::object(); }

  Result<output::Report> run(const GlobalOptions& globals) override {
    if (globals.json) {
      return make_error(ErrorCode::InvalidArgument,
                        "serve writes JSON-RPC messages on stdout; --json does not apply to it");
    }
    std::signal(SIGPIPE, SIG_IGN);  // a client gone away is a write error, not a kill
    const std::filesystem::path start = std::filesystem::current_path();
    mcp::GraphSession session([globals, start] { return locate_database(globals, start); });
    mcp::ServerOptions options;
    options.call_time_limit = std::chrono::milliseconds(timeout_ms_);
    options.max_request_bytes = max_request_bytes_;
    mcp::Server server(std::move(session), options);
    if (server.serve(STDIN_FILENO, stdout) != 0) {
      return make_error(ErrorCode::Internal, "the client stopped reading the answers");
    }
    return output::Report{};
  }

 private:
  std::int64_t timeout_ms_ = 10'000;
  std::size_t max_request_bytes_ = 4 * 1024 * 1024;
};

}  // namespace

std::unique_ptr<Command> add_serve_command(CLI::App& app) { return std::make_unique<ServeCommand>(app); }

}  // namespace trellis::cli
