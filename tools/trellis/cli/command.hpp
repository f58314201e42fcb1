// A `trellis` subcommand. Each command lives in commands/<name>_command.cpp:
// its factory adds a CLI11 subcommand with its options (bound to the
// command's members) and returns the command; main.cpp runs the one the
// user named. Adding a command is adding those two files and one line in
// main.cpp.
#pragma once

#include <CLI/CLI.hpp>

#include "trellis/cli/global_options.hpp"
#include "trellis/common/error.hpp"
#include "trellis/output/report.hpp"

namespace trellis::cli {

class Command {
 public:
  explicit Command(CLI::App& app) : app_(app) {}
  virtual ~Command() = default;
  Command(const Command&) = delete;
  Command& operator=(const Command&) = delete;

  // The CLI11 subcommand this command added.
  CLI::App& app() const { return app_; }

  // The arguments as given, for error objects' "provided_input".
  virtual output::Json provided_input() const = 0;

  // Does the work. The caller prints the report or the error and picks the
  // exit status.
  virtual Result<output::Report> run(const GlobalOptions& globals) = 0;

 private:
  CLI::App& app_;
};

}  // namespace trellis::cli
