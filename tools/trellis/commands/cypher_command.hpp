// `trellis cypher [QUERY] [--param NAME=JSON]... [--limit 1..1000 (50)]`:
// runs read-only Cypher (CONTRACT.md) through trellis::cypher::run_cypher.
// With QUERY: that statement. Without QUERY and stdin not a terminal: the
// `;`-separated statements read from stdin, each printed as it completes
// (plain tables), or with --json one document whose results list every
// statement's results. Without QUERY on a terminal: the console
// (cypher_console.hpp).
#pragma once

#include <memory>

#include "trellis/cli/command.hpp"

namespace trellis::cli {

std::unique_ptr<Command> add_cypher_command(CLI::App& parent);

}  // namespace trellis::cli
