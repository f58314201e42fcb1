// `trellis index [PATH]`: indexes a source tree into the snapshot
// PATH/.trellis/graph.trellis (or --db FILE), replacing it only after a
// complete, successful run.
#pragma once

#include <memory>

#include "trellis/cli/command.hpp"

namespace trellis::cli {

std::unique_ptr<Command> add_index_command(CLI::App& parent);

}  // namespace trellis::cli
