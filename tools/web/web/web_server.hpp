// `trellis web`: a local HTTP server for one page that searches the graph
// and draws the chosen node's call graph, callers, class hierarchy or
// imports, with its source. The page, its script and the graph layout
// library (cytoscape, from the pinned npm package in tools/web) are
// compiled into the binary; nothing is fetched at run time. The page asks
// the server through one JSON API, the MCP tools under another transport:
//   GET  /api/tools        the tools/list result (names, schemas)
//   POST /api/call/<tool>  body: the tool's arguments (a JSON object);
//                          answer: the document `--json` prints (200), or
//                          the error object (400; 404 for an unknown tool or node,
//                          503 while no snapshot loads, 504 past the time limit)
#pragma once

#include <chrono>
#include <functional>
#include <string>

#include "mcp/graph_session.hpp"

namespace trellis::web {

struct WebOptions {
  std::string host = "127.0.0.1";
  int port = 7333;  // 0: any free port
  std::chrono::milliseconds call_time_limit{10'000};
  // Told the address once the server listens ("http://127.0.0.1:7333/").
  std::function<void(const std::string&)> on_listening;
};

// Serves until SIGINT or SIGTERM; 0 then, 1 when the address cannot be
// bound (the reason on stderr).
int serve_web(mcp::GraphSession session, const WebOptions& options);

}  // namespace trellis::web
