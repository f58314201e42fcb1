// Placeholder until the console lands (branch feat/cypher-parser replaces
// this file): the cypher command on a terminal without QUERY says how to run
// queries instead.
#include "trellis/commands/cypher_console.hpp"

namespace trellis::cli {

Status run_cypher_console(ConsoleSession&) {
  return make_error(ErrorCode::InvalidArgument,
                    "The interactive console is not available in this build; pass a QUERY or pipe statements on stdin");
}

}  // namespace trellis::cli
