// A mistyped command or query name (`trellis idnex`, `trellis query caller`),
// found after CLI11 refused the command line, with the nearest names
// (trellis/common/suggestions.hpp) to suggest.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>

#include "trellis/common/error.hpp"

namespace trellis::cli {

// After `app` failed to parse: when the deepest command parsed expects a
// subcommand and was given a word that names none, INVALID_ARGUMENT
// "unknown command 'idnex'" (or "unknown query 'caller'" under `query`) with
// the nearest names as suggestions (possibly none); else nullopt.
std::optional<Error> unknown_command_error(const CLI::App& app);

}  // namespace trellis::cli
