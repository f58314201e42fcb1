#include "trellis/commands/watch_command.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <ctime>

#include "trellis/cli/database_locator.hpp"
#include "trellis/ingest/discover.hpp"
#ifdef TRELLIS_HAVE_WATCH
#include "watch/stop_signal.hpp"
#include "watch/tree_watcher.hpp"
#endif

namespace trellis::cli {
namespace {

#ifdef TRELLIS_HAVE_WATCH
constexpr const char* kWatchCommandPlatform = "";
#else
constexpr const char* kWatchCommandPlatform = "Not available in this build: watching needs Linux (inotify).\n\n";
#endif

constexpr const char* kWatchFooter = R"(Indexes PATH (as `trellis index` does, into PATH/.trellis/graph.trellis unless --db FILE is
given), then again each time its files change, until Ctrl-C. Changes are gathered until none
came for --quiet-ms (a `git checkout` of 500 files is one index), but never longer than
--max-delay-ms after the first, so a stream that never pauses is still indexed. Each index is
incremental (only changed files are parsed) and replaces the snapshot atomically: queries and
`trellis serve` see the old graph or the new one, never half of one.
Watches the folders `trellis index` reads (.gitignore, --exclude, skipped folders such as
node_modules and .git honoured; new folders from when they appear) and counts only changes
to files some language reads, to .gitignore, go.mod, package.json, tsconfig.json and
jsconfig.json; the snapshot's own files never count. If the kernel drops events (its queue
overflowed), the next index checks every file. Linux only (inotify): a large tree may need a
higher fs.inotify.max_user_watches (sysctl), which the error names.
Prints one line per index: the time, how many changes it gathered, how long it took, how
many files it parsed. `trellis serve --watch` does the same inside the MCP server.

Examples:
  trellis watch
  trellis watch ~/src/shop --exclude 'tests/' --quiet-ms 500)";

class WatchCommand final : public Command {
 public:
  explicit WatchCommand(CLI::App& parent)
      : Command(*parent.add_subcommand("watch", "Keep the graph snapshot current as files change")) {
    app().add_option("PATH", root_, "Folder to watch and index")->type_name("PATH")->capture_default_str();
    app().add_option("--jobs,-j", jobs_, "Threads for parsing (0: every core)")->capture_default_str();
    app().add_option("--exclude", excludes_, "Skip paths matching this gitignore-style glob (repeatable)")
        ->type_name("GLOB");
    app().add_option("--max-file-size", max_file_bytes_, "Skip files larger than this many bytes")
        ->capture_default_str();
    app().add_option("--quiet-ms", quiet_ms_, "Index once no change came for this long")
        ->check(CLI::Range(10, 60'000))
        ->capture_default_str();
    app().add_option("--max-delay-ms", max_delay_ms_, "Index at the latest this long after the first change")
        ->check(CLI::Range(10, 600'000))
        ->capture_default_str();
    app().footer(std::string(kWatchCommandPlatform) + kWatchFooter);
  }

  output::Json provided_input() const override {
    return {{"path", root_}, {"exclude", excludes_}, {"quiet_ms", quiet_ms_}, {"max_delay_ms", max_delay_ms_}};
  }

  Result<output::Report> run(const GlobalOptions& globals) override {
    if (globals.json) {
      return make_error(ErrorCode::InvalidArgument,
                        "watch prints a line per index until stopped; --json does not apply to it");
    }
#ifdef TRELLIS_HAVE_WATCH
    if (max_delay_ms_ < quiet_ms_) {
      return make_error(ErrorCode::InvalidArgument,
                        fmt::format("--max-delay-ms ({}) must be at least --quiet-ms ({})", max_delay_ms_, quiet_ms_));
    }
    auto database = database_to_write(globals, root_);
    if (!database.ok()) return std::move(database).take_error();
    // Before any thread starts, so that every thread leaves them to the signalfd.
    auto signals = watch::TerminationSignals::block();
    if (!signals.ok()) return std::move(signals).take_error();

    watch::WatchOptions options;
    options.index.root = root_;
    options.index.exclude_globs = excludes_;
    options.index.jobs = jobs_;
    options.index.max_file_bytes = max_file_bytes_;
    options.database = *database;
    options.timing = {std::chrono::milliseconds(quiet_ms_), std::chrono::milliseconds(max_delay_ms_)};
    auto watcher = watch::TreeWatcher::start(std::move(options), print_line);
    if (!watcher.ok()) return std::move(watcher).take_error();
    print_line(fmt::format("watching {} ({} folders) into {}; Ctrl-C stops", (*watcher)->root().string(),
                           (*watcher)->watched_directories(), database->string()));
    if (Status watched = (*watcher)->run(signals->fd()); !watched.ok()) return std::move(watched).take_error();
    print_line("stopped");
    return output::Report{};
#else
    return make_error(ErrorCode::InvalidArgument, "trellis watch needs Linux (inotify); this build has no watcher");
#endif
  }

 private:
  // stdout, flushed: the lines are read as they come (a log file, a pipe).
  static void print_line(std::string_view line) {
    const std::time_t now = std::time(nullptr);
    fmt::print("{:%H:%M:%S} {}\n", fmt::localtime(now), line);
    std::fflush(stdout);
  }

  std::string root_ = ".";
  unsigned jobs_ = 0;
  std::vector<std::string> excludes_;
  std::uint64_t max_file_bytes_ = ingest::kDefaultMaxFileBytes;
  std::int64_t quiet_ms_ = 200;
  std::int64_t max_delay_ms_ = 3000;
};

}  // namespace

std::unique_ptr<Command> add_watch_command(CLI::App& parent) { return std::make_unique<WatchCommand>(parent); }

}  // namespace trellis::cli
