#include "trellis/commands/query_cycles_command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "trellis/cli/database_locator.hpp"
#include "trellis/graph_traits/cycles.hpp"
#include "trellis/output/node_json.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::cli {
namespace {

constexpr std::size_t kMaxCycles = 100;

class QueryCyclesCommand final : public Command {
 public:
  explicit QueryCyclesCommand(CLI::App& query)
      : Command(*query.add_subcommand("cycles", "List the cycles over one relationship type")) {
    app()
        .add_option("--type", type_, "Relationship type to follow")
        ->check(CLI::IsMember({"CALLS", "IMPORTS", "INHERITS"}))
        ->capture_default_str();
    app().footer(
        "A cycle is a strongly connected component: several nodes that all reach each other,\n"
        "or one node with an edge to itself (recursion). At most 100 cycles are listed,\n"
        "largest first; metadata.total_count says how many there are.\n\n"
        "Examples:\n  trellis query cycles\n  trellis query cycles --type IMPORTS --json");
  }

  output::Json provided_input() const override { return {{"type", type_}}; }

  Result<output::Report> run(const GlobalOptions& globals) override {
    auto database = open_database(globals);
    if (!database.ok()) return std::move(database).take_error();
    const GraphStore& store = database->snapshot.store;

    auto cycles = find_cycles(store, *rel_type_from_string(type_));
    std::stable_sort(cycles.begin(), cycles.end(),
                     [](const auto& a, const auto& b) { return a.size() > b.size(); });
    const std::size_t total = cycles.size();
    if (cycles.size() > kMaxCycles) cycles.resize(kMaxCycles);

    output::Json list = output::Json::array();
    std::string text;
    for (const auto& cycle : cycles) {
      output::Json names = output::Json::array();
      text += fmt::format("{} node{}:\n", cycle.size(), cycle.size() == 1 ? " (self loop)" : "s");
      for (const NodeId node : cycle) {
        names.push_back(store.qualified_name(node));
        text += fmt::format("  {}\n", store.qualified_name(node));
      }
      list.push_back({{"cycle_type", type_}, {"cycle_path", std::move(names)}, {"cycle_length", cycle.size()}});
    }
    if (cycles.empty()) text = fmt::format("No {} cycles.\n", type_);
    if (total > cycles.size()) text += fmt::format("... {} more (showing the largest {})\n", total - cycles.size(), cycles.size());

    output::Report report;
    report.query = fmt::format("cycles over {}", type_);
    report.query_type = "structural";
    report.results = {{"cycles", std::move(list)}};
    report.row_count = cycles.size();
    report.total_count = total;
    report.text = std::move(text);
    return report;
  }

 private:
  std::string type_ = "CALLS";
};

}  // namespace

std::unique_ptr<Command> add_query_cycles_command(CLI::App& query) {
  return std::make_unique<QueryCyclesCommand>(query);
}

}  // namespace trellis::cli
