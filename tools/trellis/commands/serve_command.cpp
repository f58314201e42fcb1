#include "trellis/commands/serve_command.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mcp/protocol.hpp"
#include "mcp/server.hpp"
#include "trellis/cli/database_locator.hpp"
#include "trellis/cypher/worker_start.hpp"
#include "trellis/database.hpp"
#ifdef TRELLIS_HAVE_WATCH
#include "watch/background_watch.hpp"
#endif

namespace trellis::cli {
namespace {

constexpr const char* kFooter = R"(Speaks MCP (JSON-RPC 2.0, one message per line) on stdin and stdout; logs go to stderr.
Protocol revisions {}. It ends when stdin closes.

Tools: {}.
The query_* tools are the `trellis query` commands: same parameters, checks and answers as --json.

The database is found as for every command (--db FILE, else .trellis/graph.trellis here or in
the nearest parent). When `trellis index` replaces it, the server loads the new snapshot before
its next answer. If there is none yet, tools answer DATABASE_ERROR until one appears.

--watch keeps the snapshot current as `trellis watch` does, inside the server: it indexes the
folder the snapshot was indexed from (the working directory when there is no snapshot yet),
then again once changes settle, and the next tool call answers from the new graph (a call
under way finishes on the graph it started with). Give it the --exclude globs the snapshot was
indexed with. Index lines go to stderr.{}

)";

#ifdef TRELLIS_HAVE_WATCH
constexpr const char* kServeWatchPlatform = "";
#else
constexpr const char* kServeWatchPlatform = "\nNot available in this build: watching needs Linux (inotify).";
#endif

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
    this->app().add_flag("--watch", watch_, "Keep the snapshot current as files change (see below)");
    this->app().add_option("--quiet-ms", quiet_ms_, "With --watch: index once no change came for this long")
        ->check(CLI::Range(10, 60'000))
        ->capture_default_str();
    this->app()
        .add_option("--exclude", excludes_, "With --watch: skip paths matching this gitignore-style glob, as index does")
        ->type_name("GLOB");
    this->app().footer(fmt::format(fmt::runtime(kFooter), fmt::join(mcp::supported_protocol_versions(), ", "),
                                   fmt::join(mcp::make_tool_registry().names(), ", "), kServeWatchPlatform) +
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
    mcp::GraphSession::Locator locate = [globals, start] { return locate_database(globals, start); };
#ifdef TRELLIS_HAVE_WATCH
    std::unique_ptr<watch::BackgroundWatch> watching;
    if (watch_) {
      auto started = start_watch(globals, start);
      if (!started.ok()) return std::move(started).take_error();
      locate = [database = started->database] { return Result<std::filesystem::path>(database); };
      watching = std::move(started->watch);
    }
#else
    if (watch_) {
      return make_error(ErrorCode::InvalidArgument, "serve --watch needs Linux (inotify); this build has no watcher");
    }
#endif
    const cypher::WorkerStart workers;  // before the first request needs them
    mcp::GraphSession session(std::move(locate));
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
#ifdef TRELLIS_HAVE_WATCH
  struct StartedWatch {
    std::filesystem::path database;
    std::unique_ptr<watch::BackgroundWatch> watch;
  };

  // The tree the server's snapshot was indexed from (its Project's path),
  // or the working directory when there is no snapshot yet; watched and
  // indexed into that snapshot.
  Result<StartedWatch> start_watch(const GlobalOptions& globals, const std::filesystem::path& start) const {
    std::filesystem::path root = start;
    std::filesystem::path database;
    if (auto located = locate_database(globals, start); located.ok()) {
      database = *located;
      if (auto opened = Database::open(database); opened.ok()) {
        const std::optional<std::string> indexed_root = opened->root();
        if (!indexed_root) {
          return make_error(ErrorCode::InvalidArgument,
                            fmt::format("serve --watch: {} was not indexed from a folder (a CSV import?); "
                                        "nothing to watch",
                                        database.string()));
        }
        root = *indexed_root;
      }
    } else {
      auto to_write = database_to_write(globals, start);
      if (!to_write.ok()) return std::move(to_write).take_error();
      database = *to_write;
    }
    watch::WatchOptions options;
    options.index.root = root;
    options.index.exclude_globs = excludes_;
    options.database = database;
    options.timing.quiet = std::chrono::milliseconds(quiet_ms_);
    const auto log = [](std::string_view line) { fmt::print(stderr, "trellis serve: {}\n", line); };
    auto watcher = watch::TreeWatcher::start(std::move(options), log);
    if (!watcher.ok()) return std::move(watcher).take_error();
    log(fmt::format("watching {} ({} folders) into {}", (*watcher)->root().string(), (*watcher)->watched_directories(),
                    database.string()));
    auto background = watch::BackgroundWatch::start(std::move(watcher).value(), log);
    if (!background.ok()) return std::move(background).take_error();
    return StartedWatch{database, std::move(background).value()};
  }
#endif

  bool watch_ = false;
  std::vector<std::string> excludes_;
  std::int64_t quiet_ms_ = 200;
  std::int64_t timeout_ms_ = 10'000;
  std::size_t max_request_bytes_ = 4 * 1024 * 1024;
};

}  // namespace

std::unique_ptr<Command> add_serve_command(CLI::App& app) { return std::make_unique<ServeCommand>(app); }

}  // namespace trellis::cli
