#include "mcp/mcp_command.hpp"

#include <fmt/format.h>
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>

#include "mcp/serve_process.hpp"
#include "queries/latency_summary_json.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::bench {
namespace {

using Json = nlohmann::ordered_json;

constexpr std::size_t kHubs = 10;

// Functions and methods with at least one caller: `count` spread evenly by
// id, then the kHubs with the most callers.
std::vector<std::pair<std::string, bool>> pick_targets(const GraphStore& store, std::size_t count) {
  std::vector<NodeId> called;
  for (const Label label : {Label::Function, Label::Method}) {
    const NodeRange range = store.nodes(label);
    for (NodeId node = range.begin; node < range.end; ++node) {
      if (!store.in(RelType::Calls, node).empty()) called.push_back(node);
    }
  }
  std::vector<std::pair<std::string, bool>> out;
  if (called.empty()) return out;
  const std::size_t step = std::max<std::size_t>(1, called.size() / std::max<std::size_t>(count, 1));
  for (std::size_t i = 0; i < called.size() && out.size() < count; i += step) {
    out.emplace_back(store.qualified_name(called[i]), false);
  }
  std::partial_sort(called.begin(), called.begin() + static_cast<std::ptrdiff_t>(std::min(kHubs, called.size())),
                    called.end(), [&](NodeId a, NodeId b) {
                      return store.in(RelType::Calls, a).size() > store.in(RelType::Calls, b).size();
                    });
  for (std::size_t i = 0; i < std::min(kHubs, called.size()); ++i) out.emplace_back(store.qualified_name(called[i]), true);
  return out;
}

std::string call_request(int id, const std::string& name, int depth) {
  const Json request = {{"jsonrpc", "2.0"},
                        {"id", id},
                        {"method", "tools/call"},
                        {"params", {{"name", "query_callers"}, {"arguments", {{"function_name", name}, {"max_depth", depth}}}}}};
  return request.dump();
}

}  // namespace

CLI::App& add_mcp_command(CLI::App& app, McpCommandOptions& options) {
  CLI::App& command = *app.add_subcommand("mcp", "Per-call latency of query_callers through `trellis serve`");
  command.add_option("--db", options.db, "The graph snapshot to serve")->required()->check(CLI::ExistingFile);
  command.add_option("--trellis", options.trellis, "The trellis binary")->required()->check(CLI::ExistingFile);
  command.add_option("--calls", options.calls, "Calls over evenly spread targets (plus 10 hubs)")
      ->check(CLI::Range(1, 1'000'000))
      ->capture_default_str();
  command.add_option("--depth", options.depth, "max_depth of each call")->check(CLI::Range(1, 5))->capture_default_str();
  command.add_flag("--json", options.json, "Print one JSON document instead of the table");
  return command;
}

int run_mcp_command(const McpCommandOptions& options) {
  auto snapshot = load_snapshot(options.db);
  if (!snapshot.ok()) {
    fmt::print(stderr, "trellis_bench mcp: {}\n", snapshot.error().message);
    return 1;
  }
  const auto targets = pick_targets(snapshot->store, static_cast<std::size_t>(options.calls));
  if (targets.empty()) {
    fmt::print(stderr, "trellis_bench mcp: no function in the graph has callers\n");
    return 1;
  }
  auto server = ServeProcess::start(options.trellis, {"--db", options.db.string()});
  if (!server.ok()) {
    fmt::print(stderr, "trellis_bench mcp: {}\n", server.error().message);
    return 1;
  }
  std::string line;
  const bool started =
      server->send(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",)"
                   R"("capabilities":{},"clientInfo":{"name":"trellis_bench","version":"1"}}})") &&
      server->receive(line) && server->send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})") &&
      server->send(call_request(1, targets.front().first, options.depth)) && server->receive(line);
  if (!started) {
    fmt::print(stderr, "trellis_bench mcp: the server did not answer\n");
    return 1;
  }

  simdjson::dom::parser parser;
  std::vector<double> round_trip, server_side, hub_round_trip, ping_trip;
  std::size_t errors = 0;
  int id = 2;
  for (const auto& [name, hub] : targets) {
    // A ping before each call: the same run's cost of the transport alone.
    const std::string ping = fmt::format(R"({{"jsonrpc":"2.0","id":{},"method":"ping"}})", id++);
    const auto ping_start = std::chrono::steady_clock::now();
    if (!server->send(ping) || !server->receive(line)) {
      fmt::print(stderr, "trellis_bench mcp: the server stopped answering\n");
      return 1;
    }
    ping_trip.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - ping_start).count());
    const std::string request = call_request(id++, name, options.depth);
    const auto start = std::chrono::steady_clock::now();
    if (!server->send(request) || !server->receive(line)) {
      fmt::print(stderr, "trellis_bench mcp: the server stopped answering\n");
      return 1;
    }
    const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    (hub ? hub_round_trip : round_trip).push_back(us);
    simdjson::dom::element answer;
    double execution_ms = 0;
    bool is_error = true;
    if (parser.parse(line).get(answer) == simdjson::SUCCESS &&
        answer["result"]["isError"].get_bool().get(is_error) == simdjson::SUCCESS && !is_error &&
        answer["result"]["structuredContent"]["metadata"]["execution_time_ms"].get_double().get(execution_ms) !=
            simdjson::SUCCESS) {
      is_error = true;
    }
    if (is_error) {
      ++errors;
    } else if (!hub) {
      server_side.push_back(execution_ms * 1000);
    }
  }
  const int status = server->finish();

  const LatencySummary trip = summarize_latency(round_trip);
  const LatencySummary inside = summarize_latency(server_side);
  const LatencySummary hubs = summarize_latency(hub_round_trip);
  const LatencySummary pings = summarize_latency(ping_trip);
  if (options.json) {
    const Json document = {{"db", options.db.string()},
                           {"nodes", snapshot->store.node_count()},
                           {"max_depth", options.depth},
                           {"errors", errors},
                           {"round_trip_ms", latency_summary_ms(trip)},
                           {"server_execution_ms", latency_summary_ms(inside)},
                           {"hubs_round_trip_ms", latency_summary_ms(hubs)},
                           {"ping_round_trip_ms", latency_summary_ms(pings)},
                           {"server_exit_status", status}};
    fmt::print("{}\n", document.dump(2));
  } else {
    fmt::print("query_callers through trellis serve ({} nodes, max_depth {}), microseconds:\n",
               snapshot->store.node_count(), options.depth);
    fmt::print("  {:<26} {:>7} {:>9} {:>9} {:>9}\n", "", "calls", "p50", "p95", "max");
    fmt::print("  {:<26} {:>7} {:>9.1f} {:>9.1f} {:>9.1f}\n", "round trip (client)", trip.samples, trip.p50_us,
               trip.p95_us, trip.max_us);
    fmt::print("  {:<26} {:>7} {:>9.1f} {:>9.1f} {:>9.1f}\n", "execution_time_ms (server)", inside.samples,
               inside.p50_us, inside.p95_us, inside.max_us);
    fmt::print("  {:<26} {:>7} {:>9.1f} {:>9.1f} {:>9.1f}\n", "round trip, 10 hubs", hubs.samples, hubs.p50_us,
               hubs.p95_us, hubs.max_us);
    fmt::print("  {:<26} {:>7} {:>9.1f} {:>9.1f} {:>9.1f}\n", "ping round trip (baseline)", pings.samples,
               pings.p50_us, pings.p95_us, pings.max_us);
    fmt::print("  errors: {}\n", errors);
  }
  return errors == 0 && status == 0 ? 0 : 1;
}

}  // namespace trellis::bench
