#include "labelled_tables.hpp"

#include <fmt/format.h>

#include <array>
#include <iterator>
#include <map>
#include <system_error>
#include <utility>

#include "csv_field_writer.hpp"
#include "trellis/store/for_each_edge.hpp"
#include "trellis/store/node_id.hpp"

namespace trellis::interchange {

std::vector<NodeTable> node_tables(std::span<const ExportedGraph> graphs) {
  std::vector<NodeTable> tables;
  std::string qualified_name;
  for (const LabelDef& def : all_labels()) {
    NodeTable table{.label = def.label, .count = 0, .rows = {}};
    csv::PropertyCellWriter cells(table.rows, csv::ListCells::UnitSeparated);
    std::size_t offset = 0;
    for (const ExportedGraph& graph : graphs) {
      const GraphStore& store = *graph.store;
      const NodeRange range = store.nodes(def.label);
      for (NodeId node = range.begin; node < range.end; ++node) {
        fmt::format_to(std::back_inserter(table.rows), "{}", offset + node);
        qualified_name.clear();
        store.append_qualified_name(node, qualified_name);
        cells.write(std::string_view(qualified_name));
        cells.write(store.name(node));
        cells.write(std::string_view(node_id_text(store.node_id_key(node))));
        cells.write(std::string_view(graph.project));
        for (std::size_t column = 0; column < def.properties.size(); ++column) cells.write(store.property(node, column));
        table.rows += '\n';
        ++table.count;
      }
      offset += store.node_count();
    }
    tables.push_back(std::move(table));
  }
  return tables;
}

std::vector<EdgeTable> edge_tables(std::span<const ExportedGraph> graphs, bool split_by_endpoints) {
  // Keyed by (type, from, to) in schema order; one key per type unsplit.
  std::map<std::array<std::uint8_t, 3>, EdgeTable> tables;
  std::size_t offset = 0;
  for (const ExportedGraph& graph : graphs) {
    const GraphStore& store = *graph.store;
    for_each_edge(store, [&](RelType type, NodeId source, NodeId target, EdgePos edge) {
      const Label from = split_by_endpoints ? store.label(source) : Label{};
      const Label to = split_by_endpoints ? store.label(target) : Label{};
      const std::array<std::uint8_t, 3> key{static_cast<std::uint8_t>(type), static_cast<std::uint8_t>(from),
                                            static_cast<std::uint8_t>(to)};
      auto [it, inserted] =
          tables.try_emplace(key, EdgeTable{.type = type, .from = from, .to = to, .count = 0, .rows = {}});
      EdgeTable& table = it->second;
      fmt::format_to(std::back_inserter(table.rows), "{},{}", offset + source, offset + target);
      csv::PropertyCellWriter cells(table.rows, csv::ListCells::UnitSeparated);
      const RelTypeDef& def = rel_type_def(type);
      for (std::size_t column = 0; column < def.properties.size(); ++column) {
        cells.write(store.edge_property(type, edge, column));
      }
      table.rows += '\n';
      ++table.count;
    });
    offset += store.node_count();
  }
  std::vector<EdgeTable> out;
  out.reserve(tables.size());
  for (auto& [key, table] : tables) out.push_back(std::move(table));
  return out;
}

Status check_projects(std::span<const ExportedGraph> graphs) {
  for (std::size_t i = 0; i < graphs.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (graphs[i].project == graphs[j].project) {
        return make_error(ErrorCode::InvalidArgument,
                          fmt::format("two graphs are of the project '{}': their nodes could not be told apart; "
                                      "export them apart, or index one under another folder name",
                                      graphs[i].project));
      }
    }
  }
  return {};
}

Status make_folder(const std::filesystem::path& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) {
    return make_error(ErrorCode::InvalidArgument, fmt::format("cannot create folder {}: {}", dir.string(), error.message()));
  }
  return {};
}

}  // namespace trellis::interchange

namespace trellis {

std::string project_name(const GraphStore& store, std::string_view fallback) {
  const NodeRange projects = store.nodes(Label::Project);
  if (projects.begin == projects.end) return std::string(fallback);
  return std::string(store.name(projects.begin));
}

}  // namespace trellis
