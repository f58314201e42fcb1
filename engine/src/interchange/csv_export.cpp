#include "trellis/interchange/csv_export.hpp"

#include <fmt/format.h>

#include <array>
#include <iterator>
#include <optional>
#include <system_error>
#include <vector>

#include "csv_field_writer.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/interchange/csv_columns.hpp"
#include "trellis/store/for_each_edge.hpp"

namespace trellis {
namespace {

void append_header(std::string& out, std::span<const std::string_view> keys,
                   std::span<const CsvColumn> properties) {
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (i != 0) out += ',';
    out += keys[i];
  }
  for (const CsvColumn& column : properties) {
    out += ',';
    out += column.name;
  }
  out += '\n';
}

std::string export_nodes(const GraphStore& store) {
  const auto columns = node_property_columns();
  std::array<std::vector<std::optional<std::size_t>>, kLabelCount> label_columns;
  for (const LabelDef& def : all_labels()) {
    for (const CsvColumn& column : columns) {
      label_columns[index_of(def.label)].push_back(property_index(def.label, column.name));
    }
  }
  std::string out;
  append_header(out, node_key_columns(), columns);
  csv::PropertyCellWriter values(out, csv::ListCells::Json);
  std::string qualified_name;
  for (const LabelDef& def : all_labels()) {
    const auto& mapping = label_columns[index_of(def.label)];
    const NodeRange range = store.nodes(def.label);
    for (NodeId node = range.begin; node < range.end; ++node) {
      fmt::format_to(std::back_inserter(out), "{},{},", node, def.name);
      qualified_name.clear();
      store.append_qualified_name(node, qualified_name);
      csv::append_field(out, qualified_name);
      out += ',';
      csv::append_field(out, store.name(node));
      for (const auto& column : mapping)
        values.write(column ? store.property(node, *column) : PropertyValue{});
      out += '\n';
    }
  }
  return out;
}

std::string export_edges(const GraphStore& store) {
  const auto columns = edge_property_columns();
  std::array<std::vector<std::optional<std::size_t>>, kRelTypeCount> type_columns;
  for (const RelTypeDef& def : all_rel_types()) {
    for (const CsvColumn& column : columns) {
      type_columns[index_of(def.type)].push_back(property_index(def.type, column.name));
    }
  }
  std::string out;
  append_header(out, edge_key_columns(), columns);
  csv::PropertyCellWriter values(out, csv::ListCells::Json);
  for_each_edge(store, [&](RelType type, NodeId source, NodeId target, EdgePos edge) {
    fmt::format_to(std::back_inserter(out), "{},{},{}", source, target, to_string(type));
    for (const auto& column : type_columns[index_of(type)]) {
      values.write(column ? store.edge_property(type, edge, *column) : PropertyValue{});
    }
    out += '\n';
  });
  return out;
}

}  // namespace

CsvTables export_csv_text(const GraphStore& store) {
  return {export_nodes(store), export_edges(store)};
}

Status export_csv(const GraphStore& store, const std::filesystem::path& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("cannot create folder {}: {}", dir.string(), error.message()));
  }
  const CsvTables tables = export_csv_text(store);
  if (auto status = write_file_atomically(dir / "nodes.csv", tables.nodes); !status.ok())
    return status;
  return write_file_atomically(dir / "edges.csv", tables.edges);
}

}  // namespace trellis
