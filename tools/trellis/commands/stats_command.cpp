#include "trellis/commands/stats_command.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <string>
#include <vector>

#include "trellis/cli/database_locator.hpp"
#include "trellis/console/console.hpp"
#include "trellis/ingest/language.hpp"
#include "trellis/ingest/unsupported_languages.hpp"
#include "trellis/commands/graph_counts.hpp"
#include "trellis/output/text_table.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::cli {
namespace {

double per(std::size_t bytes, std::size_t count) {
  return count == 0 ? 0.0 : static_cast<double>(bytes) / static_cast<double>(count);
}

struct MemorySummary {
  MemoryReport report;
  double bytes_per_node;
  double bytes_per_edge;  // adjacency in both directions plus edge properties
};

MemorySummary summarize(const GraphStore& store) {
  MemoryReport report = store.memory_report();
  const double node = per(report.node_bytes, store.node_count());
  const double edge = per(report.adjacency_bytes + report.edge_property_bytes, store.edge_count());
  return {std::move(report), node, edge};
}

output::Json memory_json(const MemorySummary& memory) {
  output::Json components = output::Json::array();
  for (const MemoryComponent& component : memory.report.components) {
    components.push_back({{"name", component.name}, {"bytes", component.bytes}});
  }
  return {{"total_bytes", memory.report.total_bytes},
          {"node_bytes", memory.report.node_bytes},
          {"adjacency_bytes", memory.report.adjacency_bytes},
          {"adjacency_offset_bytes", memory.report.adjacency_offset_bytes},
          {"edge_property_bytes", memory.report.edge_property_bytes},
          {"bytes_per_node", memory.bytes_per_node},
          {"bytes_per_edge", memory.bytes_per_edge},
          {"components", std::move(components)}};
}

void add_memory_rows(const MemorySummary& memory, output::TextTable& table) {
  table.add_row({"Memory", output::format_bytes(static_cast<double>(memory.report.total_bytes))});
  for (const MemoryComponent& component : memory.report.components) {
    table.add_row(
        {"  " + component.name, output::format_bytes(static_cast<double>(component.bytes))});
  }
  table.add_row({"Bytes per node", fmt::format("{:.1f}", memory.bytes_per_node)});
  table.add_row({"Bytes per edge", fmt::format("{:.1f}", memory.bytes_per_edge)});
}

// The schema as data, and each language's naming and resolution rules.
output::Report schema_report() {
  output::Json labels = output::Json::array();
  for (const LabelDef& label : all_labels()) {
    output::Json properties = output::Json::array();
    for (const PropertyDef& property : label.properties) properties.push_back(std::string(property.name));
    labels.push_back({{"name", std::string(label.name)}, {"properties", std::move(properties)}});
  }
  output::Json types = output::Json::array();
  for (const RelTypeDef& type : all_rel_types()) {
    output::Json from = output::Json::array();
    output::Json to = output::Json::array();
    output::Json properties = output::Json::array();
    for (const Label label : type.from) from.push_back(std::string(to_string(label)));
    for (const Label label : type.to) to.push_back(std::string(to_string(label)));
    for (const PropertyDef& property : type.properties) properties.push_back(std::string(property.name));
    types.push_back({{"name", std::string(type.name)}, {"from", std::move(from)}, {"to", std::move(to)},
                     {"properties", std::move(properties)}});
  }
  output::Json languages = output::Json::array();
  std::string text = console::schema_text() + "Languages:\n";
  for (const auto& frontend : ingest::make_language_frontends()) {
    const ingest::LanguageDescription description = frontend->description();
    languages.push_back({{"name", std::string(frontend->name())},
                         {"files", std::string(description.files)},
                         {"naming", std::string(description.naming)},
                         {"resolution", std::string(description.resolution)}});
    text += fmt::format("  {} ({})\n    names:    {}\n    resolves: {}\n", frontend->name(), description.files,
                        description.naming, description.resolution);
  }
  output::Report report;
  report.query = "schema";
  report.query_type = "stats";
  report.results = {{"labels", std::move(labels)}, {"relationship_types", std::move(types)}, {"languages", std::move(languages)}};
  report.text = std::move(text);
  return report;
}

class StatsCommand final : public Command {
 public:
  explicit StatsCommand(CLI::App& parent)
      : Command(*parent.add_subcommand("stats",
                                       "Show what the graph holds and where its memory goes")) {
    app().footer(
        "Prints node counts per label, relationship counts per type, memory per component "
        "(strings,\n"
        "columns, indexes, adjacency, edge properties), bytes per node and per edge, and the "
        "snapshot's\n"
        "path, size and format version, and the files of languages not supported yet that the index\n"
        "passed over, by extension.\n\n"
        "With --schema, prints the labels, properties and relationship types instead, and for each\n"
        "language the files it reads, how it names definitions and what it resolves (no graph needed).\n\n"
        "Examples:\n  trellis stats\n  trellis stats --json --db /tmp/shop.trellis\n  trellis stats --schema");
    app().add_flag("--schema", schema_,
                   "Print the schema and each language's naming and resolution rules (needs no graph)");
  }

  output::Json provided_input() const override {
    return schema_ ? output::Json{{"schema", true}} : output::Json::object();
  }

  Result<output::Report> run(const GlobalOptions& globals) override {
    if (schema_) return schema_report();
    auto database = open_database(globals);
    if (!database.ok()) return std::move(database).take_error();
    auto info = read_snapshot_info(database->path);
    if (!info.ok()) return std::move(info).take_error();
    const GraphStore& store = database->snapshot.store;
    const MemorySummary memory = summarize(store);
    std::vector<ingest::SkippedFiles> skipped;
    if (const auto section = database->snapshot.extras.find(ingest::kSkippedLanguagesSection);
        section != database->snapshot.extras.end()) {
      auto decoded = ingest::decode_skipped_files(section->second.span());
      if (!decoded.ok()) return std::move(decoded).take_error();
      skipped = std::move(decoded).value();
    }

    output::Report report;
    report.query = fmt::format("stats of {}", database->path.string());
    report.query_type = "stats";
    report.results = {{"database",
                       {{"path", database->path.string()},
                        {"file_bytes", info->file_bytes},
                        {"format_version", info->format_version},
                        {"section_count", info->section_count}}},
                      {"nodes", node_counts_json(store)},
                      {"relationships", relationship_counts_json(store)},
                      {"unresolved_calls", store.unresolved_call_count()},
                      {"skipped_languages", skipped_languages_json(skipped)},
                      {"memory", memory_json(memory)}};
    output::TextTable table;
    add_count_rows(store, table);
    table.add_row({"Unresolved calls", std::to_string(store.unresolved_call_count())});
    add_memory_rows(memory, table);
    report.text = fmt::format("Snapshot {} ({}, format version {})\n\n{}", database->path.string(),
                              output::format_bytes(static_cast<double>(info->file_bytes)),
                              info->format_version, table.render());
    if (!skipped.empty()) report.text += fmt::format("Skipped by index: {}\n", ingest::describe_skipped_files(skipped));
    return report;
  }

 private:
  bool schema_ = false;
};

}  // namespace

std::unique_ptr<Command> add_stats_command(CLI::App& parent) {
  return std::make_unique<StatsCommand>(parent);
}

}  // namespace trellis::cli
