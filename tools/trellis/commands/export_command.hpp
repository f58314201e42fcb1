// `trellis export --format csv|json|graphml|dot|mermaid [--out PATH]`:
// writes the graph of the snapshot in one of the interchange formats. CSV
// writes PATH/nodes.csv and PATH/edges.csv (--out is required); the other
// formats write the file PATH, or stdout without --out.
#pragma once

#include <memory>

#include "trellis/cli/command.hpp"

namespace trellis::cli {

std::unique_ptr<Command> add_export_command(CLI::App& parent);

}  // namespace trellis::cli
