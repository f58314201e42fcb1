// `trellis query callers|callees|hierarchy|dependencies|exports|
// implementations|call-graph|path`: one subcommand per query of the
// catalog (trellis/queries/query_catalog.hpp), its arguments and options
// built from the query's declaration and checked by make_request.
#pragma once

#include <memory>

#include "trellis/cli/command.hpp"
#include "trellis/queries/query_catalog.hpp"

namespace trellis::cli {

// `alternative`: a query spelt as the same command with its cli_switch
// option (`trellis search --vector FILE` for search_semantic).
std::unique_ptr<Command> add_structural_query_command(CLI::App& query, const queries::QuerySpec& spec,
                                                      const queries::QuerySpec* alternative = nullptr);

}  // namespace trellis::cli
