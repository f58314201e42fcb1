// Options every command takes (CONTRACT.md): --db FILE and --json.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace trellis::cli {

struct GlobalOptions {
  std::string db;     // --db FILE; empty when not given
  bool json = false;  // --json: print exactly one JSON document on stdout
};

// Adds --db and --json to `app`, bound to `options`. Called for the main
// app and for every subcommand, so both `trellis --json stats` and
// `trellis stats --json` work and every --help lists them.
void add_global_options(CLI::App& app, GlobalOptions& options);

}  // namespace trellis::cli
