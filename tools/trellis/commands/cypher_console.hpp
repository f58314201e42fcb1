// The interactive Cypher console (`trellis cypher` on a terminal): the hook
// the cypher command calls. It reads statements until `;`, runs each with
// run_cypher over `store` and prints tables; it returns when the user quits,
// with an error only when the console itself cannot run.
// Ctrl-C (SIGINT) while it runs: at the prompt, drops the line and the
// unfinished statement and shows a fresh prompt; during a query, cancels
// that query (CypherOptions::cancel) and returns to the prompt. Ctrl-D on
// an empty line leaves. The previous SIGINT disposition is restored on return.
#pragma once

#include "trellis/common/error.hpp"
#include "trellis/cypher/cypher_engine.hpp"

namespace trellis::cli {

struct ConsoleSession {
  const GraphStore& store;
  cypher::Parameters parameters;  // from --param; :param changes them
  cypher::CypherOptions options;  // --limit
};

Status run_cypher_console(ConsoleSession& session);

}  // namespace trellis::cli
