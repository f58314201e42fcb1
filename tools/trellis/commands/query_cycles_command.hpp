// `trellis query cycles [--type CALLS|IMPORTS|INHERITS]`: the strongly
// connected components of one relationship type that form cycles (several
// nodes, or one node with a self loop), found with Boost.Graph's
// strong_components running on the store.
#pragma once

#include <memory>

#include "trellis/cli/command.hpp"

namespace trellis::cli {

std::unique_ptr<Command> add_query_cycles_command(CLI::App& query);

}  // namespace trellis::cli
