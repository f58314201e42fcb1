#include "trellis/commands/web_command.hpp"

#include <fmt/format.h>

#include <csignal>
#include <cstdio>
#include <filesystem>

#include "trellis/cli/database_locator.hpp"
#include "web/web_server.hpp"

namespace trellis::cli {
namespace {

class WebCommand final : public Command {
 public:
  explicit WebCommand(CLI::App& parent)
      : Command(*parent.add_subcommand("web", "Browse the graph in a web page served on this machine")) {
    app().add_option("--port", port_, "Port to listen on (0: any free port)")->check(CLI::Range(0, 65535))->capture_default_str();
    app()
        .add_option("--host", host_, "Address to listen on; the default takes connections from this machine only")
        ->capture_default_str();
    app()
        .add_option("--timeout-ms", timeout_ms_, "Time limit of one query, in milliseconds")
        ->check(CLI::Range(1, 3'600'000))
        ->capture_default_str();
    app().footer(
        "Serves one page: a search box, and for the chosen node its call graph, callers, class\n"
        "hierarchy or imports as a graph (click a node for its source; Expand adds its own\n"
        "neighbours; depth and relationship-type filters), with the source lines of the selected\n"
        "node. Everything the page shows comes from the MCP tools (`trellis serve`) through\n"
        "POST /api/call/<tool> with the tool's arguments as JSON, answered with the documents\n"
        "--json prints; GET /api/tools lists them. The page and its graph library are built\n"
        "into the binary: nothing is fetched from the internet. The snapshot is loaded again\n"
        "when `trellis index` replaces it. Stop with Ctrl-C.\n\n"
        "Examples:\n"
        "  trellis web                       # then open http://127.0.0.1:7333/\n"
        "  trellis web --db /tmp/shop.trellis --port 8080");
  }

  output::Json provided_input() const override { return {{"host", host_}, {"port", port_}}; }

  Result<output::Report> run(const GlobalOptions& globals) override {
    if (globals.json) return make_error(ErrorCode::InvalidArgument, "web serves a page; --json does not apply to it");
    std::signal(SIGPIPE, SIG_IGN);  // a browser gone away is a write error, not a kill
    const std::filesystem::path start = std::filesystem::current_path();
    // The snapshot must exist now: a page that can only say "no snapshot" helps nobody.
    auto found = locate_database(globals, start);
    if (!found.ok()) return std::move(found).take_error();
    mcp::GraphSession session([path = *found] { return Result<std::filesystem::path>(path); });
    web::WebOptions options;
    options.host = host_;
    options.port = port_;
    options.call_time_limit = std::chrono::milliseconds(timeout_ms_);
    options.on_listening = [database = found->string()](const std::string& address) {
      fmt::print("trellis web: serving {} at {}\n", database, address);
      std::fflush(stdout);
    };
    if (web::serve_web(std::move(session), options) != 0) {
      return make_error(ErrorCode::InvalidArgument, fmt::format("cannot listen on {}:{}", host_, port_));
    }
    return output::Report{};
  }

 private:
  int port_ = 7333;
  std::string host_ = "127.0.0.1";
  int timeout_ms_ = 10'000;
};

}  // namespace

std::unique_ptr<Command> add_web_command(CLI::App& app) { return std::make_unique<WebCommand>(app); }

}  // namespace trellis::cli
