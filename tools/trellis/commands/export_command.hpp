// `trellis export --format csv|json|graphml|dot|mermaid [--out PATH]
// [--root NAME ... --direction --depth --type --max-nodes]`: writes the graph
// of the snapshot, or the neighbourhood of the roots (select_subgraph), in
// one of the interchange formats. CSV writes PATH/nodes.csv and
// PATH/edges.csv of the whole graph (--out is required); the other formats
// write the file PATH, or stdout without --out.
#pragma once

#include <memory>

#include "trellis/cli/command.hpp"

namespace trellis::cli {

std::unique_ptr<Command> add_export_command(CLI::App& parent);

}  // namespace trellis::cli
