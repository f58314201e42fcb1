// `trellis import --csv DIR [--db FILE]`: builds the graph from DIR/nodes.csv
// and DIR/edges.csv (CONTRACT.md "Graph interchange") and writes the
// snapshot, ./.trellis/graph.trellis unless --db says otherwise. Refused CSV
// writes nothing.
#pragma once

#include <memory>

#include "trellis/cli/command.hpp"

namespace trellis::cli {

std::unique_ptr<Command> add_import_command(CLI::App& parent);

}  // namespace trellis::cli
