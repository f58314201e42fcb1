#include "queries/queries_command.hpp"

#include <fmt/format.h>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/stopwatch.hpp"
#include "queries/answer_ids.hpp"
#include "queries/latency_summary_json.hpp"
#include "queries/query_workloads.hpp"
#include "trellis/database.hpp"
#include "trellis/output/answer_json.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::bench {
namespace {

using Json = nlohmann::ordered_json;

struct Target {
  std::string qualified_name;
  NodeId id = kNoNode;
  std::string origin;  // "random" or "hub"
};

struct WorkloadRun {
  const QueryWorkload* workload = nullptr;
  std::size_t targets = 0;
  std::size_t hubs = 0;
  std::size_t errors = 0;
  LatencySummary query;      // the query alone, microseconds
  LatencySummary with_json;  // query + the contract's whole JSON document
  LatencySummary hubs_json;  // with_json over hub targets only
  Json answers = Json::array();
};

double micros_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
}

Json answer_json_ids(const Target& target, const AnswerIds& ids, const std::vector<double>& latency_us) {
  Json nodes = Json::array();
  for (const auto& [node, depth] : ids.nodes) nodes.push_back({node, depth});
  Json latency = Json::array();
  for (const double us : latency_us) latency.push_back(us / 1000);
  return {{"qualified_name", target.qualified_name}, {"id", target.id}, {"origin", target.origin},
          {"total", ids.total}, {"truncated", ids.truncated}, {"nodes", std::move(nodes)},
          {"latency_ms", std::move(latency)}};
}

// `sources` reads the text details, source and context return (the files
// under the snapshot's project root, where there are any).
WorkloadRun run_workload(const GraphStore& store, const queries::SourceReader* sources, const QueryWorkload& workload,
                         const std::vector<Target>& targets, int runs) {
  WorkloadRun run;
  run.workload = &workload;
  run.targets = targets.size();
  const queries::QuerySpec& spec = queries::query_spec(workload.kind);
  queries::TraversalScratch scratch;
  std::vector<double> query_us;
  std::vector<double> json_us;
  std::vector<double> hub_us;
  for (std::size_t t = 0; t < targets.size(); ++t) {
    const Target& target = targets[t];
    queries::Arguments arguments = workload.fixed;
    std::string first_argument = target.qualified_name;
    if (workload.target_as_path) {
      const PropertyValue path = store.property(target.id, "path");
      if (const auto* text = std::get_if<std::string_view>(&path)) first_argument = std::string(*text);
    }
    arguments.emplace_back(std::string(spec.params.front().name), first_argument);
    if (workload.paired) {
      arguments.emplace_back(std::string(spec.params[1].name), targets[(t + 1) % targets.size()].qualified_name);
    }
    const bool hub = target.origin == "hub";
    run.hubs += hub ? 1 : 0;
    // One untimed run first: the answer to check, and the target's pages in cache.
    auto request = queries::make_request(spec, arguments);
    auto first = request.ok() ? queries::run_query(store, *request, scratch, sources)
                              : Result<queries::QueryAnswer>(request.error());
    if (!first.ok()) {
      ++run.errors;
      run.answers.push_back({{"qualified_name", target.qualified_name}, {"id", target.id},
                             {"origin", target.origin}, {"error", first.error().message}});
      continue;
    }
    // The document must list what the query found.
    const Json document =
        Json::parse(output::answer_document(store, *request, *first, queries::NodeFields{}, output::JsonStyle::Compact,
                                            std::chrono::steady_clock::now()),
                    nullptr, false);
    if (document.is_discarded() || (workload.list == AnswerList::Reached &&
                                    document["metadata"]["row_count"] != answer_ids(*first, workload.list).nodes.size())) {
      ++run.errors;
    }
    std::vector<double> target_us;
    for (int r = 0; r < runs; ++r) {
      const auto start = std::chrono::steady_clock::now();
      auto checked = queries::make_request(spec, arguments);
      auto answer = queries::run_query(store, *checked, scratch, sources);
      query_us.push_back(micros_since(start));
      // The document exactly as the MCP server sends it (the CLI's is the same, indented).
      const std::string json = output::answer_document(store, *checked, *answer, queries::NodeFields{},
                                                       output::JsonStyle::Compact, start);
      const double total = micros_since(start);
      json_us.push_back(total);
      target_us.push_back(total);
      if (hub) hub_us.push_back(total);
    }
    run.answers.push_back(answer_json_ids(target, answer_ids(*first, workload.list), target_us));
  }
  run.query = summarize_latency(query_us);
  run.with_json = summarize_latency(json_us);
  run.hubs_json = summarize_latency(hub_us);
  return run;
}

Result<Json> read_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return make_error(ErrorCode::InvalidArgument, fmt::format("cannot read {}", path.string()));
  Json document = Json::parse(in, nullptr, false);
  if (document.is_discarded() || document.value("format", "") != "trellis-bench-targets") {
    return make_error(ErrorCode::InvalidArgument, fmt::format("{} is not a targets.json of `trellis_bench dataset`",
                                                              path.string()));
  }
  return document;
}

void print_table(const std::vector<WorkloadRun>& runs, const GraphStore& store, int repeat) {
  fmt::print("{} nodes, {} edges; each target run {} times after one untimed run; microseconds\n",
             store.node_count(), store.edge_count(), repeat);
  fmt::print("{:<26}{:>8}{:>6}{:>11}{:>9}{:>10}{:>11}{:>10}{:>10}{:>11}\n", "workload", "targets", "hubs",
             "query p50", "p95", "max", "+json p50", "p95", "max", "hubs p50");
  for (const WorkloadRun& r : runs) {
    fmt::print("{:<26}{:>8}{:>6}{:>11.1f}{:>9.1f}{:>10.1f}{:>11.1f}{:>10.1f}{:>10.1f}{:>11.1f}{}\n",
               r.workload->name, r.targets, r.hubs, r.query.p50_us, r.query.p95_us, r.query.max_us,
               r.with_json.p50_us, r.with_json.p95_us, r.with_json.max_us, r.hubs_json.p50_us,
               r.errors ? fmt::format("  {} errors", r.errors) : "");
  }
}

Json results_json(const Json& targets, const std::filesystem::path& data, std::vector<WorkloadRun>& runs,
                  int repeat, double load_ms) {
  Json by_name = Json::object();
  for (WorkloadRun& r : runs) {
    by_name[std::string(r.workload->name)] = {
        {"target_kind", r.workload->target_kind},
        {"description", r.workload->description},
        {"lookup", "qualified_name"},
        {"latency_ms", latency_summary_ms(r.with_json)},
        {"query_only_latency_ms", latency_summary_ms(r.query)},
        {"errors", r.errors},
        {"answers", std::move(r.answers)}};
  }
  return {{"format", "trellis-bench-results"},
          {"version", 1},
          {"engine", "trellis"},
          {"dataset", {{"dir", data.string()}, {"nodes", targets["nodes"]}, {"edges", targets["edges"]},
                       {"seed", targets["seed"]}}},
          {"settings", {{"runs", repeat}, {"latency", "query call + the contract's JSON document, as the MCP server sends it"}}},
          {"load", {{"snapshot_ms", load_ms}}},
          {"queries", std::move(by_name)}};
}

}  // namespace

CLI::App& add_queries_command(CLI::App& app, QueriesCommandOptions& options) {
  CLI::App& command = *app.add_subcommand(
      "queries", "Latency of the structural queries over the seeded targets of a `dataset` run");
  command.add_option("--data", options.data, "Folder a `trellis_bench dataset` run wrote")
      ->required()
      ->check(CLI::ExistingDirectory);
  command.add_option("--runs", options.runs, "Timed runs per target")->check(CLI::Range(1, 1000))->capture_default_str();
  command.add_option("--out", options.out, "Write the results JSON (answers included) here, for compare.mjs");
  command.add_option("--only", options.only, "Run one workload only (e.g. callers_d3)");
  command.add_flag("--json", options.json, "Print the results JSON instead of the table");
  return command;
}

int run_queries_command(const QueriesCommandOptions& options) {
  auto targets = read_json(options.data / "targets.json");
  if (!targets.ok()) {
    fmt::print(stderr, "{}\n", targets.error().message);
    return 1;
  }
  const std::filesystem::path snapshot_path = (*targets)["files"]["snapshot"].get<std::string>();
  const Stopwatch load_clock;
  auto snapshot = load_snapshot(snapshot_path.is_absolute() ? snapshot_path : options.data / snapshot_path);
  if (!snapshot.ok()) {
    fmt::print(stderr, "{}\n", snapshot.error().message);
    return 1;
  }
  const double load_ms = load_clock.elapsed_ms();
  const Database database = Database::from_snapshot(std::move(snapshot).value());
  const GraphStore& store = database.store();

  const std::vector<QueryWorkload> workloads = query_workloads();
  // A generated graph names a project folder that does not exist here.
  std::error_code no_folder;
  const bool has_files = database.root() && std::filesystem::is_directory(*database.root(), no_folder);
  std::vector<WorkloadRun> runs;
  std::size_t errors = 0;
  for (const QueryWorkload& workload : workloads) {
    if (!options.only.empty() && options.only != workload.name) continue;
    if (workload.reads_files && !has_files) {
      fmt::print(stderr, "{}: skipped, the graph has no indexed files to read\n", workload.name);
      continue;
    }
    std::vector<Target> list;
    for (const Json& t : (*targets)["kinds"][std::string(workload.target_kind)]["targets"]) {
      list.push_back({t["qualified_name"].get<std::string>(), t["id"].get<NodeId>(), t["origin"].get<std::string>()});
    }
    runs.push_back(run_workload(store, &database.sources(), workload, list, options.runs));
    errors += runs.back().errors;
  }
  if (runs.empty()) {
    fmt::print(stderr, "no workload named '{}'\n", options.only);
    return 2;
  }
  if (!options.json) print_table(runs, store, options.runs);
  const Json results = results_json(*targets, options.data, runs, options.runs, load_ms);
  if (options.json) fmt::print("{}\n", results.dump(1));
  if (!options.out.empty()) {
    std::ofstream out(options.out);
    out << results.dump(1) << "\n";
    if (!out) {
      fmt::print(stderr, "cannot write {}\n", options.out.string());
      return 1;
    }
  }
  return errors == 0 ? 0 : 1;
}

}  // namespace trellis::bench
