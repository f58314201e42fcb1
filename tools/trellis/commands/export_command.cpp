#include "trellis/commands/export_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <vector>
#include <filesystem>
#include <string>
#include <system_error>

#include "trellis/cli/database_locator.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/formats/answer_subgraph.hpp"
#include "trellis/formats/dot.hpp"
#include "trellis/formats/graph_json.hpp"
#include "trellis/formats/graph_view.hpp"
#include "trellis/formats/graphviz_render.hpp"
#include "trellis/formats/graphml.hpp"
#include "trellis/formats/mermaid.hpp"
#include "trellis/interchange/csv_export.hpp"
#include "trellis/interchange/database_export.hpp"
#include "trellis/queries/subgraph.hpp"
#include "trellis/output/printer.hpp"
#include "trellis/store/snapshot.hpp"

namespace trellis::cli {
namespace {

// One-file formats: the view as text.
std::string render(const std::string& format, const formats::GraphView& view) {
  if (format == "json") return output::dump_json(formats::graph_json(view)) + "\n";
  if (format == "graphml") return formats::graph_graphml(view);
  if (format == "dot") return formats::graph_dot(view);
  return formats::graph_mermaid(view);
}

// "CALLS,INHERITS" as relationship types; INVALID_ARGUMENT names a wrong one.
Result<std::vector<RelType>> parse_types(const std::vector<std::string>& names) {
  std::vector<RelType> types;
  for (const std::string& name : names) {
    const auto type = rel_type_from_string(name);
    if (!type) {
      std::vector<std::string> known;
      for (const RelTypeDef& def : all_rel_types()) known.emplace_back(def.name);
      return make_error(ErrorCode::InvalidArgument,
                        fmt::format("unknown relationship type '{}'; the types are {}", name, fmt::join(known, ", ")));
    }
    if (std::find(types.begin(), types.end(), *type) == types.end()) types.push_back(*type);
  }
  return types;
}

class ExportCommand final : public Command {
 public:
  explicit ExportCommand(CLI::App& parent)
      : Command(*parent.add_subcommand("export", "Write the graph in an interchange format")) {
    app()
        .add_option(
            "--format", format_,
            "csv: DIR/nodes.csv and DIR/edges.csv, the format `trellis import --csv` reads; "
            "json: one document with nodes and relationships; graphml, dot (Graphviz), mermaid; svg and png: "
            "the DOT picture rendered by Graphviz's `dot` (needs it on the PATH, and --out); neo4j: CSV per label and "
            "type for `neo4j-admin database import`, with the command in DIR/README.md; kuzu: CSV per label and type "
            "with DIR/schema.cypher and DIR/copy.cypher, which Kùzu runs as they are")
        ->required()
        ->check(CLI::IsMember({"csv", "json", "graphml", "dot", "mermaid", "svg", "png", "neo4j", "kuzu"}));
    app()
        .add_option("--out", out_,
                    "Where to write: a folder for csv, neo4j and kuzu (required), else a file (default: stdout)")
        ->type_name("PATH");
    app()
        .add_option("--root", roots_,
                    "Export only the neighbourhood of this node (qualified name, unique suffix or file path; "
                    "repeatable) instead of the whole graph")
        ->type_name("NAME");
    app()
        .add_option("--merge", merges_,
                    "With neo4j or kuzu: also export this snapshot (repeatable), ids after the first's, each node "
                    "with its project's name (the snapshot's path when an earlier one has that name), so several "
                    "repositories load into one database")
        ->type_name("FILE");
    app()
        .add_option("--cypher", cypher_,
                    "Export only the nodes and relationships this read-only Cypher query returns (anywhere in its "
                    "rows: nodes, relationships with their ends, paths, lists), at most --max-nodes nodes")
        ->type_name("QUERY");
    app()
        .add_option("--direction", direction_, "With --root: follow relationships out of, into, or both ways")
        ->check(CLI::IsMember({"out", "in", "both"}))
        ->default_str("both");
    app().add_option("--depth", depth_, "With --root: steps from the nearest root")->check(CLI::Range(1, 10))->default_str("2");
    app()
        .add_option("--type", types_, "With --root: the relationship types to follow (default: all but CONTAINS)")
        ->delimiter(',')
        ->type_name("T,...");
    app()
        .add_option("--max-nodes", max_nodes_, "With --root or --cypher: at most this many nodes; a node whose neighbours were left out gets a \"+N more\" marker")
        ->check(CLI::Range(1, 10000))
        ->default_str("200");
    app().footer(
        "Nodes are written in store order and relationships by type, source and position (with --root:\n"
        "breadth-first from the roots), so the same graph always exports to the same bytes. DOT and\n"
        "Mermaid group nodes by module, label them by short name (DOT: qualified name as tooltip) and\n"
        "draw each relationship type its own way.\n\n"
        "Examples:\n"
        "  trellis export --format csv --out /tmp/shop-csv\n"
        "  trellis export --format dot --root shop.services.auth.main --direction out --type CALLS --depth 3 | dot -Tsvg > calls.svg\n"
        "  trellis export --format mermaid --root shop.models.Base --type INHERITS,IMPLEMENTS\n"
        "  trellis export --format svg --root shop.models.Base --out classes.svg   # needs Graphviz's dot\n"
        "  trellis export --format mermaid --cypher 'MATCH p = (:Class)-[:INHERITS*1..3]->(:Class) RETURN p'\n"
        "  trellis export --format neo4j --out /tmp/shop-neo4j   # then the command in /tmp/shop-neo4j/README.md\n"
        "  trellis export --format kuzu --out /tmp/shop-kuzu     # then run schema.cypher and copy.cypher in Kùzu\n"
        "  trellis export --format neo4j --out /tmp/org --db api/.trellis/graph.trellis --merge web/.trellis/graph.trellis\n"
        "  trellis export --format dot | dot -Tsvg > graph.svg");
  }

  output::Json provided_input() const override {
    output::Json input = {{"format", format_}};
    if (!out_.empty()) input["out"] = out_;
    if (!merges_.empty()) input["merge"] = merges_;
    if (!cypher_.empty()) {
      input["cypher"] = cypher_;
      input["max_nodes"] = max_nodes_;
    }
    if (!roots_.empty()) {
      input["root"] = roots_;
      input["direction"] = direction_;
      input["depth"] = depth_;
      input["max_nodes"] = max_nodes_;
      if (!types_.empty()) input["type"] = types_;
    }
    return input;
  }

  Result<output::Report> run(const GlobalOptions& globals) override {
    const bool folder = format_ == "csv" || format_ == "neo4j" || format_ == "kuzu";
    if (format_ == "csv" && out_.empty()) {
      return make_error(
          ErrorCode::InvalidArgument,
          "csv export writes nodes.csv and edges.csv into a folder: give it with --out DIR");
    }
    if (!merges_.empty() && format_ != "neo4j" && format_ != "kuzu") {
      return make_error(ErrorCode::InvalidArgument, "--merge exports several snapshots into one neo4j or kuzu folder");
    }
    if (folder && out_.empty()) {
      return make_error(ErrorCode::InvalidArgument,
                        fmt::format("{} export writes one CSV per label and relationship type into a folder: give it "
                                    "with --out DIR",
                                    format_));
    }
    const bool by_cypher = !cypher_.empty();
    if (by_cypher && !roots_.empty()) {
      return make_error(ErrorCode::InvalidArgument, "--root and --cypher are two ways to select: give one");
    }
    if (by_cypher && app().count("--direction") + app().count("--depth") + app().count("--type") > 0) {
      return make_error(ErrorCode::InvalidArgument,
                        "--direction, --depth and --type select around --root; --cypher selects by its query alone");
    }
    const bool selecting = !roots_.empty() || by_cypher;
    const bool selection_options = app().count("--direction") + app().count("--depth") + app().count("--type") +
                                   app().count("--max-nodes") > 0;
    if (!selecting && selection_options) {
      return make_error(ErrorCode::InvalidArgument,
                        "--direction, --depth, --type and --max-nodes select around a node: give it with --root NAME");
    }
    if (selecting && folder) {
      return make_error(ErrorCode::InvalidArgument,
                        fmt::format("{} exports the whole graph; --root and --cypher take dot, mermaid, graphml, json, "
                                    "svg or png",
                                    format_));
    }
    const bool picture = format_ == "svg" || format_ == "png";
    if (picture && out_.empty()) {
      return make_error(ErrorCode::InvalidArgument, fmt::format("{} is written to a file: give it with --out FILE", format_));
    }
    auto types = parse_types(types_);
    if (!types.ok()) return std::move(types).take_error();
    auto database = open_database(globals);
    if (!database.ok()) return std::move(database).take_error();
    const GraphStore& store = database->snapshot.store;

    formats::GraphView view;
    std::size_t omitted_total = 0;
    if (by_cypher) {
      cypher::CypherOptions options;
      options.row_limit = kCypherRowLimit;
      auto result = cypher::run_cypher(store, cypher_, {}, options);
      if (!result.ok()) return std::move(result).take_error();
      if (result->mode != cypher::QueryMode::Run) {
        return make_error(ErrorCode::InvalidArgument, "--cypher takes a query to run, not EXPLAIN or PROFILE");
      }
      if (result->truncated) {
        return make_error(ErrorCode::InvalidArgument,
                          fmt::format("the query returned {} rows, more than the {} an export reads: narrow it",
                                      result->total_count, kCypherRowLimit));
      }
      auto subgraph = formats::cypher_subgraph(store, *result, max_nodes_);
      omitted_total = subgraph.omitted_total;
      view = formats::GraphView::of(store, std::move(subgraph));
    } else if (selecting) {
      queries::SubgraphRequest request{roots_, direction_of(direction_), depth_, std::move(types).value(), max_nodes_};
      queries::TraversalScratch scratch;
      auto subgraph = queries::select_subgraph(store, request, scratch);
      if (!subgraph.ok()) return std::move(subgraph).take_error();
      omitted_total = subgraph->omitted_total;
      view = formats::GraphView::of(store, std::move(subgraph).value());
    } else if (!folder) {
      view = formats::GraphView::whole(store);
    }

    output::Report report;
    report.query = fmt::format("export --format {}", format_);
    report.query_type = "export";
    const std::size_t nodes = folder ? store.node_count() : view.nodes.size();
    const std::size_t relationships = folder ? store.edge_count() : view.edges.size();
    report.results = {{"format", format_},
                      {"database", database->path.string()},
                      {"node_count", nodes},
                      {"relationship_count", relationships}};
    if (selecting) report.results["omitted_node_count"] = omitted_total;
    if (out_.empty()) {
      // The export itself is the output; with --json it is embedded in the report.
      if (!globals.json) {
        report.text = render(format_, view);
      } else if (format_ == "json") {
        report.results["document"] = formats::graph_json(view);
      } else {
        report.results["content"] = render(format_, view);
      }
      return report;
    }
    if (folder) {
      // Further snapshots stay loaded until the export is written.
      std::vector<Snapshot> merged;
      std::vector<ExportedGraph> graphs{{&store, project_name(store, project_fallback(database->path))}};
      for (const std::string& path : merges_) {
        auto loaded = load_snapshot(path);
        if (!loaded.ok()) return std::move(loaded).take_error();
        merged.push_back(std::move(loaded).value());
      }
      for (std::size_t i = 0; i < merged.size(); ++i) {
        // Two repositories of one folder name: the later is named by its snapshot's path.
        std::string project = project_name(merged[i].store, project_fallback(merges_[i]));
        for (const ExportedGraph& graph : graphs) {
          if (graph.project == project) project = merges_[i];
        }
        graphs.push_back({&merged[i].store, std::move(project)});
      }
      Status status = format_ == "csv"     ? export_csv(store, out_)
                      : format_ == "neo4j" ? export_neo4j(graphs, out_)
                                           : export_kuzu(graphs, out_);
      if (!status.ok()) return std::move(status).take_error();
      if (!merged.empty()) {
        std::size_t node_total = 0;
        std::size_t edge_total = 0;
        for (const ExportedGraph& graph : graphs) {
          node_total += graph.store->node_count();
          edge_total += graph.store->edge_count();
        }
        report.results["node_count"] = node_total;
        report.results["relationship_count"] = edge_total;
        std::vector<std::string> projects;
        for (const ExportedGraph& graph : graphs) projects.push_back(graph.project);
        report.results["projects"] = projects;
        report.results["out"] = out_;
        report.text = fmt::format("Exported {} nodes and {} relationships of {} projects ({}) as {} to {}\n", node_total,
                                  edge_total, graphs.size(), fmt::join(projects, ", "), format_, out_);
        return report;
      }
    } else if (picture) {
      if (auto status = formats::render_with_dot(formats::graph_dot(view), format_, out_); !status.ok()) {
        return std::move(status).take_error();
      }
    } else if (auto status = write_file_atomically(out_, render(format_, view)); !status.ok()) {
      return std::move(status).take_error();
    }
    report.results["out"] = out_;
    report.text = fmt::format("Exported {} nodes and {} relationships as {} to {}{}\n", nodes, relationships, format_,
                              out_, omitted_total > 0 ? fmt::format(" ({} more nodes left out by --max-nodes)", omitted_total) : "");
    return report;
  }

 private:
  // A snapshot's project when its graph has no Project node: the folder
  // holding .trellis/graph.trellis, else the file's name.
  static std::string project_fallback(const std::filesystem::path& path) {
    if (path.filename() == "graph.trellis" && path.parent_path().filename() == ".trellis") {
      return path.parent_path().parent_path().filename().string();
    }
    return path.stem().string();
  }

  static queries::SubgraphDirection direction_of(const std::string& text) {
    if (text == "out") return queries::SubgraphDirection::Out;
    if (text == "in") return queries::SubgraphDirection::In;
    return queries::SubgraphDirection::Both;
  }

  static constexpr std::size_t kCypherRowLimit = 100'000;

  std::string format_;
  std::string out_;
  std::string cypher_;
  std::vector<std::string> merges_;
  std::vector<std::string> roots_;
  std::string direction_ = "both";
  int depth_ = 2;
  std::vector<std::string> types_;
  std::size_t max_nodes_ = 200;
};

}  // namespace

std::unique_ptr<Command> add_export_command(CLI::App& parent) {
  return std::make_unique<ExportCommand>(parent);
}

}  // namespace trellis::cli
