#include "trellis/commands/export_command.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <string>
#include <system_error>

#include "trellis/cli/database_locator.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/formats/dot.hpp"
#include "trellis/formats/graph_json.hpp"
#include "trellis/formats/graphml.hpp"
#include "trellis/formats/mermaid.hpp"
#include "trellis/interchange/csv_export.hpp"
#include "trellis/output/printer.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::cli {
namespace {

// One-file formats: the graph as text.
std::string render(const std::string& format, const GraphStore& store) {
  if (format == "json") return output::dump_json(formats::graph_json(store)) + "\n";
  if (format == "graphml") return formats::graph_graphml(store);
  if (format == "dot") return formats::graph_dot(store);
  return formats::graph_mermaid(store);
}

class ExportCommand final : public Command {
 public:
  explicit ExportCommand(CLI::App& parent)
      : Command(*parent.add_subcommand("export", "Write the graph in an interchange format")) {
    app()
        .add_option(
            "--format", format_,
            "csv: DIR/nodes.csv and DIR/edges.csv, the format `trellis import --csv` reads; "
            "json: one document with nodes and relationships; graphml, dot (Graphviz), mermaid")
        ->required()
        ->check(CLI::IsMember({"csv", "json", "graphml", "dot", "mermaid"}));
    app()
        .add_option("--out", out_,
                    "Where to write: a folder for csv (required), else a file (default: stdout)")
        ->type_name("PATH");
    app().footer(
        "Nodes are written in store order and relationships by type, source and position, so the\n"
        "same graph always exports to the same bytes.\n\n"
        "Examples:\n"
        "  trellis export --format csv --out /tmp/shop-csv\n"
        "  trellis export --format dot | dot -Tsvg > graph.svg");
  }

  output::Json provided_input() const override {
    output::Json input = {{"format", format_}};
    if (!out_.empty()) input["out"] = out_;
    return input;
  }

  Result<output::Report> run(const GlobalOptions& globals) override {
    if (format_ == "csv" && out_.empty()) {
      return make_error(
          ErrorCode::InvalidArgument,
          "csv export writes nodes.csv and edges.csv into a folder: give it with --out DIR");
    }
    auto database = open_database(globals);
    if (!database.ok()) return std::move(database).take_error();
    const GraphStore& store = database->snapshot.store;

    output::Report report;
    report.query = fmt::format("export --format {}", format_);
    report.query_type = "export";
    report.results = {{"format", format_},
                      {"database", database->path.string()},
                      {"node_count", store.node_count()},
                      {"relationship_count", store.edge_count()}};
    if (out_.empty()) {
      // The export itself is the output; with --json it is embedded in the report.
      if (!globals.json) {
        report.text = render(format_, store);
      } else if (format_ == "json") {
        report.results["document"] = formats::graph_json(store);
      } else {
        report.results["content"] = render(format_, store);
      }
      return report;
    }
    if (format_ == "csv") {
      if (auto status = export_csv(store, out_); !status.ok())
        return std::move(status).take_error();
    } else if (auto status = write_file_atomically(out_, render(format_, store)); !status.ok()) {
      return std::move(status).take_error();
    }
    report.results["out"] = out_;
    report.text = fmt::format("Exported {} nodes and {} relationships as {} to {}\n",
                              store.node_count(), store.edge_count(), format_, out_);
    return report;
  }

 private:
  std::string format_;
  std::string out_;
};

}  // namespace

std::unique_ptr<Command> add_export_command(CLI::App& parent) {
  return std::make_unique<ExportCommand>(parent);
}

}  // namespace trellis::cli
