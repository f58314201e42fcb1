#include "trellis/interchange/csv_import.hpp"

#include "edge_table_import.hpp"
#include "node_table_import.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis {

Result<GraphStore> import_csv(const std::filesystem::path& dir, std::vector<std::string>* notes) {
  auto nodes = read_file(dir / "nodes.csv");
  if (!nodes.ok()) return std::move(nodes).take_error();
  auto edges = read_file(dir / "edges.csv");
  if (!edges.ok()) return std::move(edges).take_error();
  return import_csv_text(*nodes, *edges, notes);
}

Result<GraphStore> import_csv_text(std::string_view nodes_csv, std::string_view edges_csv,
                                   std::vector<std::string>* notes) {
  GraphBuilder builder;
  if (auto status = csv::import_node_table(nodes_csv, builder, notes); !status.ok())
    return std::move(status).take_error();
  if (auto status = csv::import_edge_table(edges_csv, builder); !status.ok())
    return std::move(status).take_error();
  auto built = std::move(builder).build();
  if (!built.ok()) return std::move(built).take_error();
  return std::move(built->store);
}

}  // namespace trellis
