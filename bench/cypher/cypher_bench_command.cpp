#include "cypher/cypher_bench_command.hpp"

#include <fmt/format.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <nlohmann/json.hpp>

#include "common/stopwatch.hpp"
#include "queries/latency_summary_json.hpp"
#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::bench {
namespace {

using Json = nlohmann::ordered_json;

constexpr std::string_view kTopQuery =
    "MATCH (f:Function)<-[:CALLS]-() RETURN f.qualified_name, count(*) AS c ORDER BY c DESC LIMIT 10";

std::string two_hop_query(std::string_view label) {
  return fmt::format(
      "MATCH (f:{} {{qualified_name: $q}})<-[:CALLS]-()<-[:CALLS]-(g) RETURN DISTINCT g.qualified_name", label);
}

// CPU time of this thread, steadier than wall time on a shared machine.
double thread_cpu_us() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

double micros_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
}

// The rows as plain JSON values (strings and integers here).
Json rows_json(const cypher::CypherResult& result) {
  Json rows = Json::array();
  for (const auto& row : result.rows) {
    Json r = Json::array();
    for (const auto& v : row) {
      if (v.kind() == cypher::ValueKind::String) {
        r.push_back(v.as_string());
      } else if (v.kind() == cypher::ValueKind::Int) {
        r.push_back(v.as_int());
      } else {
        r.push_back(nullptr);
      }
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

struct Workload {
  std::string name;
  std::vector<double> latency_us;
  std::vector<double> cpu_us;
  Json answers = Json::array();
  std::size_t errors = 0;
};

// Runs `query` once untimed (the answer), then `runs` times timed.
void measure(const GraphStore& store, const std::string& query, const cypher::Parameters& params, int runs,
             const cypher::CypherOptions& options, Workload& workload, Json answer) {
  auto first = cypher::run_cypher(store, query, params, options);
  if (!first.ok()) {
    ++workload.errors;
    answer["error"] = first.error().message;
    workload.answers.push_back(std::move(answer));
    return;
  }
  Json latency = Json::array();
  for (int i = 0; i < runs; ++i) {
    const double cpu_start = thread_cpu_us();
    const auto start = std::chrono::steady_clock::now();
    auto result = cypher::run_cypher(store, query, params, options);
    const double us = micros_since(start);
    workload.cpu_us.push_back(thread_cpu_us() - cpu_start);
    if (!result.ok()) ++workload.errors;
    workload.latency_us.push_back(us);
    latency.push_back(us / 1000);
  }
  answer["total"] = first->total_count;
  answer["rows"] = rows_json(*first);
  answer["latency_ms"] = std::move(latency);
  workload.answers.push_back(std::move(answer));
}

Result<Json> read_targets(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return make_error(ErrorCode::InvalidArgument, fmt::format("cannot read {}", path.string()));
  Json document = Json::parse(in, nullptr, false);
  if (document.is_discarded() || document.value("format", "") != "trellis-bench-targets") {
    return make_error(ErrorCode::InvalidArgument, fmt::format("{} is not a targets.json", path.string()));
  }
  return document;
}

}  // namespace

CLI::App& add_cypher_bench_command(CLI::App& app, CypherBenchOptions& options) {
  CLI::App& command = *app.add_subcommand("cypher", "Latency of Cypher queries on a `dataset` folder");
  command.add_option("--data", options.data, "Folder a `trellis_bench dataset` run wrote")
      ->required()
      ->check(CLI::ExistingDirectory);
  command.add_option("--runs", options.runs, "Timed runs per target")->check(CLI::Range(1, 1000))->capture_default_str();
  command.add_option("--out", options.out, "Write the results JSON (answers included) here");
  command.add_option("--only", options.only, "Run one workload only (two_hop_distinct or top10_in_degree)");
  command.add_flag("--json", options.json, "Print the results JSON instead of the table");
  return command;
}

int run_cypher_bench_command(const CypherBenchOptions& options) {
  auto targets = read_targets(options.data / "targets.json");
  if (!targets.ok()) {
    fmt::print(stderr, "{}\n", targets.error().message);
    return 1;
  }
  const std::filesystem::path snapshot_path = (*targets)["files"]["snapshot"].get<std::string>();
  auto snapshot = load_snapshot(snapshot_path.is_absolute() ? snapshot_path : options.data / snapshot_path);
  if (!snapshot.ok()) {
    fmt::print(stderr, "{}\n", snapshot.error().message);
    return 1;
  }
  const GraphStore& store = snapshot->store;
  cypher::CypherOptions cypher_options;

  std::vector<Workload> workloads(2);
  workloads[0].name = "two_hop_distinct";
  workloads[1].name = "top10_in_degree";
  const auto wanted = [&](const Workload& w) { return options.only.empty() || options.only == w.name; };
  for (const Json& t : (*targets)["kinds"]["callers"]["targets"]) {
    if (!wanted(workloads[0])) break;
    const std::string label = t["label"].get<std::string>();
    const std::string qn = t["qualified_name"].get<std::string>();
    measure(store, two_hop_query(label), {{"q", cypher::Value(qn)}}, options.runs, cypher_options, workloads[0],
            {{"qualified_name", qn}, {"label", label}, {"origin", t["origin"]}});
  }
  if (wanted(workloads[1])) {
    measure(store, std::string(kTopQuery), {}, options.runs, cypher_options, workloads[1], Json::object());
  }
  std::erase_if(workloads, [&](const Workload& w) { return !wanted(w); });
  if (workloads.empty()) {
    fmt::print(stderr, "no workload named '{}'\n", options.only);
    return 2;
  }

  Json results = Json::object();
  Json by_name = Json::object();
  std::size_t errors = 0;
  if (!options.json) {
    fmt::print("{:<20}{:>9}{:>11}{:>11}{:>11}{:>13}{:>13}\n", "workload", "samples", "p50 ms", "p95 ms", "max ms",
               "cpu p50 ms", "cpu p95 ms");
  }
  for (Workload& w : workloads) {
    errors += w.errors;
    const LatencySummary s = summarize_latency(w.latency_us);
    const LatencySummary cpu = summarize_latency(w.cpu_us);
    if (!options.json) {
      fmt::print("{:<20}{:>9}{:>11.4f}{:>11.4f}{:>11.4f}{:>13.4f}{:>13.4f}\n", w.name, s.samples, s.p50_us / 1000,
                 s.p95_us / 1000, s.max_us / 1000, cpu.p50_us / 1000, cpu.p95_us / 1000);
    }
    by_name[w.name] = {{"query", w.name == "top10_in_degree" ? std::string(kTopQuery) : two_hop_query("<label>")},
                       {"latency_ms", latency_summary_ms(s)},
                       {"cpu_ms", latency_summary_ms(cpu)},
                       {"errors", w.errors},
                       {"answers", std::move(w.answers)}};
  }
  results = {{"engine", "trellis"},
             {"dataset", {{"dir", options.data.string()}, {"nodes", (*targets)["nodes"]}, {"edges", (*targets)["edges"]}}},
             {"runs", options.runs},
             {"workloads", std::move(by_name)}};
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
