#include "queries/queries_command.hpp"

#include <fmt/format.h>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/stopwatch.hpp"
#include "queries/answer_ids.hpp"
#include "queries/latency_summary.hpp"
#include "queries/query_workloads.hpp"
#include "trellis/output/answer_json.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::bench {
namespace {

using Json = nlohmann::ordered_json;

struct Target {
  std::string qualified_name;
  std::string origin;  // "random" or "hub"
};

struct WorkloadRun {
  std::string name;
  std::size_t targets = 0;
  std::size_t hubs = 0;
  LatencySummary query;       // the query alone
  LatencySummary with_json;   // query + the contract's result objects
  LatencySummary hubs_json;   // with_json over hub targets only
  std::size_t errors = 0;
  Json answers = Json::array();
};

double micros_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
}

Json summary_json(const LatencySummary& s) {
  return {{"samples", s.samples}, {"p50_us", s.p50_us}, {"p95_us", s.p95_us}, {"max_us", s.max_us},
          {"mean_us", s.mean_us}};
}

WorkloadRun run_workload(const GraphStore& store, const QueryWorkload& workload, const std::vector<Target>& targets,
                         int runs, bool keep_answers) {
  WorkloadRun run;
  run.name = std::string(workload.name);
  run.targets = targets.size();
  const queries::QuerySpec& spec = queries::query_spec(workload.kind);
  queries::TraversalScratch scratch;
  std::vector<double> query_us;
  std::vector<double> json_us;
  std::vector<double> hub_us;
  for (const Target& target : targets) {
    queries::Arguments arguments = workload.fixed;
    arguments.emplace_back(std::string(spec.params.front().name), target.qualified_name);
    const bool hub = target.origin == "hub";
    run.hubs += hub ? 1 : 0;
    // One untimed run first: the answer, and the target's pages in cache.
    auto request = queries::make_request(spec, arguments);
    auto first = request.ok() ? queries::run_query(store, *request, scratch) : Result<queries::QueryAnswer>(request.error());
    if (!first.ok()) {
      ++run.errors;
      fmt::print(stderr, "{} {}: {}\n", workload.name, target.qualified_name, first.error().message);
      continue;
    }
    if (keep_answers) run.answers.push_back(answer_ids(target.qualified_name, *first));
    for (int r = 0; r < runs; ++r) {
      const auto start = std::chrono::steady_clock::now();
      auto checked = queries::make_request(spec, arguments);
      auto answer = queries::run_query(store, *checked, scratch);
      query_us.push_back(micros_since(start));
      const output::AnswerJson json = output::answer_json(store, *checked, *answer);
      const double total = micros_since(start);
      json_us.push_back(total);
      if (hub) hub_us.push_back(total);
      if (json.row_count > json.total_count) ++run.errors;  // keeps the result observable
    }
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
  if (document.is_discarded()) return make_error(ErrorCode::InvalidArgument, fmt::format("{} is not JSON", path.string()));
  return document;
}

void print_table(const std::vector<WorkloadRun>& runs, std::size_t nodes, int repeat) {
  fmt::print("{} nodes; each target run {} times after one untimed run; microseconds\n", nodes, repeat);
  fmt::print("{:<26}{:>8}{:>6}{:>10}{:>10}{:>10}{:>12}{:>12}{:>12}{:>12}\n", "workload", "targets", "hubs",
             "query p50", "p95", "max", "+json p50", "+json p95", "+json max", "hubs max");
  for (const WorkloadRun& r : runs) {
    fmt::print("{:<26}{:>8}{:>6}{:>10.1f}{:>10.1f}{:>10.1f}{:>12.1f}{:>12.1f}{:>12.1f}{:>12.1f}\n", r.name,
               r.targets, r.hubs, r.query.p50_us, r.query.p95_us, r.query.max_us, r.with_json.p50_us,
               r.with_json.p95_us, r.with_json.max_us, r.hubs_json.max_us);
  }
}

}  // namespace

CLI::App& add_queries_command(CLI::App& app, QueriesCommandOptions& options) {
  CLI::App& command = *app.add_subcommand(
      "queries", "Latency of the structural queries over the seeded targets of a `dataset` run");
  command.add_option("--data", options.data, "Folder a `trellis_bench dataset` run wrote")
      ->required()
      ->check(CLI::ExistingDirectory);
  command.add_option("--runs", options.runs, "Timed runs per target")->check(CLI::Range(1, 1000))->capture_default_str();
  command.add_option("--answers", options.answers, "Write every target's answer (node ids, depths) here");
  command.add_option("--only", options.only, "Run one workload only");
  command.add_flag("--json", options.json, "Print one JSON document instead of the table");
  return command;
}

int run_queries_command(const QueriesCommandOptions& options) {
  auto targets_json = read_json(options.data / "targets.json");
  if (!targets_json.ok()) {
    fmt::print(stderr, "{}\n", targets_json.error().message);
    return 1;
  }
  const std::filesystem::path snapshot_path = (*targets_json)["files"]["snapshot"].get<std::string>();
  const Stopwatch load_clock;
  auto snapshot = load_snapshot(snapshot_path.is_absolute() ? snapshot_path : options.data / snapshot_path);
  if (!snapshot.ok()) {
    fmt::print(stderr, "{}\n", snapshot.error().message);
    return 1;
  }
  const double load_ms = load_clock.elapsed_ms();
  const GraphStore& store = snapshot->store;

  std::vector<WorkloadRun> runs;
  std::size_t errors = 0;
  for (const QueryWorkload& workload : query_workloads()) {
    if (!options.only.empty() && options.only != workload.name) continue;
    std::vector<Target> targets;
    for (const Json& t : (*targets_json)["kinds"][std::string(workload.target_kind)]["targets"]) {
      targets.push_back({t["qualified_name"].get<std::string>(), t["origin"].get<std::string>()});
    }
    runs.push_back(run_workload(store, workload, targets, options.runs, !options.answers.empty()));
    errors += runs.back().errors;
  }

  if (!options.answers.empty()) {
    Json answers = Json::object();
    for (WorkloadRun& r : runs) answers[r.name] = std::move(r.answers);
    std::ofstream out(options.answers);
    out << Json{{"format", "trellis-bench-answers"}, {"engine", "trellis"}, {"workloads", std::move(answers)}}.dump(1)
        << "\n";
  }
  if (options.json) {
    Json list = Json::array();
    for (const WorkloadRun& r : runs) {
      list.push_back({{"workload", r.name}, {"targets", r.targets}, {"hubs", r.hubs}, {"errors", r.errors},
                      {"query", summary_json(r.query)}, {"query_and_json", summary_json(r.with_json)},
                      {"hubs_query_and_json", summary_json(r.hubs_json)}});
    }
    fmt::print("{}\n", Json{{"nodes", store.node_count()}, {"edges", store.edge_count()},
                            {"snapshot_load_ms", load_ms}, {"runs_per_target", options.runs},
                            {"workloads", std::move(list)}}
                           .dump(2));
  } else {
    print_table(runs, store.node_count(), options.runs);
  }
  return errors == 0 ? 0 : 1;
}

}  // namespace trellis::bench
