// `trellis stats`: what the snapshot holds (nodes per label, relationships
// per type), where its memory goes (GraphStore::memory_report), and the
// snapshot file itself (path, size, format version).
#pragma once

#include <memory>

#include "trellis/cli/command.hpp"

namespace trellis::cli {

std::unique_ptr<Command> add_stats_command(CLI::App& parent);

}  // namespace trellis::cli
