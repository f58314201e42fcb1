// who_calls DB NAME [DEPTH]: the callers of a function, through the Trellis
// library. Prints one line per caller (depth, qualified name, file:line)
// and its call chain; on a refused query, the error code and suggestions.
#include <trellis/database.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

int refuse(const trellis::Error& error) {
  std::fprintf(stderr, "%s: %s\n", std::string(trellis::to_string(error.code)).c_str(), error.message.c_str());
  for (const std::string& suggestion : error.suggestions) std::fprintf(stderr, "  did you mean %s?\n", suggestion.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::fprintf(stderr, "usage: who_calls DB NAME [DEPTH]\n");
    return 2;
  }
  auto db = trellis::Database::open(argv[1]);
  if (!db.ok()) return refuse(db.error());

  // The catalog checks ranges and fills defaults, as the CLI and MCP server do.
  trellis::queries::Arguments arguments{{"function_name", std::string(argv[2])}};
  if (argc == 4) arguments.emplace_back("max_depth", std::int64_t{std::atoi(argv[3])});
  auto request = trellis::queries::make_request(trellis::queries::query_spec(trellis::queries::QueryKind::Callers),
                                                arguments);
  if (!request.ok()) return refuse(request.error());
  auto callers = db->callers(std::get<trellis::queries::CallersRequest>(*request));
  if (!callers.ok()) return refuse(callers.error());

  std::printf("callers of %s: %zu\n", db->node(callers->target).qualified_name.c_str(), callers->count.total_count);
  for (const auto& hit : callers->nodes) {
    const trellis::NodeInfo caller = db->node(hit.node);
    std::printf("  %d %s %s:%d\n", hit.depth, caller.qualified_name.c_str(), caller.file_path.c_str(),
                caller.line_start);
  }
  for (const auto& chain : callers->call_chains) {
    std::string text;
    for (const trellis::NodeId node : chain) text += (text.empty() ? "" : " -> ") + db->node(node).qualified_name;
    std::printf("  chain: %s\n", text.c_str());
  }
  return 0;
}
