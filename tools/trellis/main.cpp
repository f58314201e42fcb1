// `trellis`: builds the CLI11 app from the commands in commands/, runs the
// one the user named and maps the outcome to CONTRACT.md's exit status:
// 0 success, 1 refused (not found, invalid argument, database error), 2 usage.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <memory>
#include <string_view>
#include <vector>

#include "trellis/cli/command.hpp"
#include "trellis/cli/global_options.hpp"
#include "trellis/cli/unknown_command.hpp"
#include "trellis/cli/version_info.hpp"
#include "trellis/commands/cypher_command.hpp"
#include "trellis/commands/embeddings_command.hpp"
#include "trellis/commands/export_command.hpp"
#include "trellis/commands/import_command.hpp"
#include "trellis/commands/index_command.hpp"
#include "trellis/commands/serve_command.hpp"
#include "trellis/commands/web_command.hpp"
#include "trellis/commands/stats_command.hpp"
#include "trellis/commands/structural_query_command.hpp"
#include "trellis/commands/watch_command.hpp"
#include "trellis/output/printer.hpp"

namespace {

constexpr int kExitRefused = 1;
constexpr int kExitUsage = 2;

// Whether --json was on the command line, for errors found before parsing ends.
bool json_requested(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--json") return true;
  }
  return false;
}

int usage_error(CLI::App& app, const CLI::ParseError& error, int argc, char** argv) {
  if (const auto unknown = trellis::cli::unknown_command_error(app)) {
    if (json_requested(argc, argv)) {
      trellis::output::print_error(*unknown, trellis::output::Json::object(), true);
    } else if (unknown->suggestions.empty()) {
      fmt::print(stderr, "trellis: {}\nRun with --help for the list.\n", unknown->message);
    } else {
      fmt::print(stderr, "trellis: {}; did you mean {}?\n", unknown->message, unknown->suggestions.front());
    }
    return kExitUsage;
  }
  if (!json_requested(argc, argv)) {
    app.exit(error);
    return kExitUsage;
  }
  trellis::output::print_error(
      trellis::make_error(trellis::ErrorCode::InvalidArgument, error.what()),
      trellis::output::Json::object(), true);
  return kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace trellis::cli;
  CLI::App app{"Trellis: an in-memory property graph of your source code."};
  app.name("trellis");
  app.require_subcommand(1);
  app.footer(
      "Run `trellis COMMAND --help` for a command's options and examples. A mistyped command or\n"
      "query name is refused (exit status 2) with the nearest one: `trellis idnex` -> did you mean index?");
  GlobalOptions globals;
  add_global_options(app, globals);
  app.set_version_flag(
      "--version",
      [&] {
        return json_requested(argc, argv) ? trellis::output::dump_json(version_json()) : version_text();
      },
      "Print the version, the snapshot format and the tree-sitter grammar versions (with --json: one object)");

  std::vector<std::unique_ptr<Command>> commands;
  commands.push_back(add_index_command(app));
  commands.push_back(add_import_command(app));
  commands.push_back(add_export_command(app));
  commands.push_back(add_stats_command(app));
  commands.push_back(add_cypher_command(app));
  commands.push_back(add_serve_command(app));
  commands.push_back(add_watch_command(app));
  commands.push_back(add_web_command(app));
  commands.push_back(add_embeddings_command(app));
  CLI::App& query = *app.add_subcommand("query", "Structural queries over the graph");
  query.require_subcommand(1);
  const auto specs = trellis::queries::query_specs();
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (!specs[i].cli_switch.empty()) continue;  // the command of the spec before it runs it
    const bool alternative = i + 1 < specs.size() && !specs[i + 1].cli_switch.empty();
    commands.push_back(add_structural_query_command(specs[i].top_level ? app : query, specs[i],
                                                    alternative ? &specs[i + 1] : nullptr));
  }
  for (const auto& command : commands) add_global_options(command->app(), globals);

  if (argc == 1) {
    fmt::print(stderr, "{}", app.help());
    return kExitUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success))
      return app.exit(error);  // --help
    return usage_error(app, error, argc, argv);
  }

  for (const auto& command : commands) {
    if (!command->app().parsed()) continue;
    const auto start = std::chrono::steady_clock::now();
    auto report = command->run(globals);
    const std::chrono::duration<double, std::milli> elapsed =
        std::chrono::steady_clock::now() - start;
    if (!report.ok()) {
      trellis::output::print_error(report.error(), command->provided_input(), globals.json);
      return kExitRefused;
    }
    trellis::output::print_report(*report, elapsed.count(), globals.json);
    return 0;
  }
  return kExitUsage;  // unreachable: CLI11 requires one subcommand
}
