// `trellis watch [PATH]`: keeps PATH's snapshot current as its files change
// (tools/watch/: inotify, so Linux only), until Ctrl-C.
#pragma once

#include <memory>

#include "trellis/cli/command.hpp"

namespace trellis::cli {

std::unique_ptr<Command> add_watch_command(CLI::App& parent);

}  // namespace trellis::cli
