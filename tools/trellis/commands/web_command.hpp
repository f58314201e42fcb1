#pragma once

#include <memory>

#include "trellis/cli/command.hpp"

namespace trellis::cli {

// `trellis web`: the local web view (tools/web).
std::unique_ptr<Command> add_web_command(CLI::App& app);

}  // namespace trellis::cli
