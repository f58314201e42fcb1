#include "trellis/commands/import_command.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <system_error>

#include "trellis/cli/database_locator.hpp"
#include "trellis/commands/graph_counts.hpp"
#include "trellis/interchange/csv_import.hpp"
#include "trellis/output/text_table.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::cli {
namespace {

class ImportCommand final : public Command {
 public:
  explicit ImportCommand(CLI::App& parent)
      : Command(*parent.add_subcommand(
            "import", "Load a graph from the CSV interchange format and write the snapshot")) {
    app()
        .add_option("--csv", csv_dir_, "Folder holding nodes.csv and edges.csv")
        ->required()
        ->type_name("DIR");
    app().footer(
        "nodes.csv: id,label,qualified_name,name,file_path,line_start,line_end[,property...]\n"
        "edges.csv: src,dst,type[,call_type,line]\n"
        "Writes ./.trellis/graph.trellis (created if needed) unless --db FILE is given.\n"
        "Malformed CSV is refused with its file and line, and nothing is written.\n\n"
        "Example:\n  trellis import --csv examples/shop && trellis stats");
  }

  output::Json provided_input() const override { return {{"csv", csv_dir_}}; }

  Result<output::Report> run(const GlobalOptions& globals) override {
    std::vector<std::string> notes;
    auto store = import_csv(csv_dir_, &notes);
    if (!store.ok()) return std::move(store).take_error();
    auto database_path = database_to_write(globals, std::filesystem::current_path());
    if (!database_path.ok()) return std::move(database_path).take_error();
    const std::filesystem::path& database = *database_path;
    std::error_code error;
    std::filesystem::create_directories(database.parent_path(), error);
    if (error) {
      return make_error(ErrorCode::DatabaseError,
                        fmt::format("cannot create folder {}: {}", database.parent_path().string(), error.message()));
    }
    if (auto status = save_snapshot(Snapshot{*store, {}}, database); !status.ok())
      return std::move(status).take_error();

    output::Report report;
    report.query = fmt::format("import --csv {}", csv_dir_);
    report.query_type = "import";
    report.results = {{"source", csv_dir_},
                      {"database", database.string()},
                      {"nodes", node_counts_json(*store)},
                      {"relationships", relationship_counts_json(*store)},
                      {"warnings", notes}};
    output::TextTable table;
    add_count_rows(*store, table);
    report.text = fmt::format("Imported {} nodes and {} relationships from {} into {}\n\n{}",
                              store->node_count(), store->edge_count(), csv_dir_, database.string(),
                              table.render());
    for (const std::string& note : notes) report.text += fmt::format("warning: {}\n", note);
    return report;
  }

 private:
  std::string csv_dir_;
};

}  // namespace

std::unique_ptr<Command> add_import_command(CLI::App& parent) {
  return std::make_unique<ImportCommand>(parent);
}

}  // namespace trellis::cli
