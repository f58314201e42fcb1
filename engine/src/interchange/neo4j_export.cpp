// `trellis export --format neo4j` (database_export.hpp).
#include <fmt/format.h>

#include <string>

#include "labelled_tables.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/interchange/database_export.hpp"

namespace trellis {
namespace {

// neo4j-admin's header type of a property.
std::string_view neo4j_type(ValueType type) {
  switch (type) {
    case ValueType::Int: return ":int";
    case ValueType::Bool: return ":boolean";
    case ValueType::String: return "";
    case ValueType::StringList: return ":string[]";
  }
  return "";
}

std::string neo4j_node_header(const LabelDef& def) {
  std::string header = ":ID";
  for (const std::string_view key : interchange::kNodeKeyColumns) fmt::format_to(std::back_inserter(header), ",{}", key);
  for (const PropertyDef& property : def.properties) {
    fmt::format_to(std::back_inserter(header), ",{}{}", property.name, neo4j_type(property.type));
  }
  return header + ",:LABEL\n";
}

std::string neo4j_edge_header(const RelTypeDef& def) {
  std::string header = ":START_ID,:END_ID";
  for (const PropertyDef& property : def.properties) {
    fmt::format_to(std::back_inserter(header), ",{}{}", property.name, neo4j_type(property.type));
  }
  return header + ",:TYPE\n";
}

// Each row with `,suffix` before its line end.
std::string neo4j_with_last_column(const std::string& rows, std::string_view suffix) {
  std::string out;
  out.reserve(rows.size() + rows.size() / 16);
  std::size_t at = 0;
  while (at < rows.size()) {
    const std::size_t end = rows.find('\n', at);
    out.append(rows, at, end - at);
    out += ',';
    out += suffix;
    out += '\n';
    at = end + 1;
  }
  return out;
}

}  // namespace

Status export_neo4j(std::span<const ExportedGraph> graphs, const std::filesystem::path& dir) {
  if (auto status = interchange::check_projects(graphs); !status.ok()) return status;
  if (auto status = interchange::make_folder(dir); !status.ok()) return status;
  const std::filesystem::path absolute = std::filesystem::absolute(dir).lexically_normal();
  std::string arguments;
  std::size_t node_total = 0;
  std::size_t edge_total = 0;
  for (const interchange::NodeTable& table : interchange::node_tables(graphs)) {
    if (table.count == 0) continue;
    const LabelDef& def = label_def(table.label);
    const std::string file = fmt::format("nodes_{}.csv", def.name);
    if (auto status = write_file_atomically(dir / file, neo4j_node_header(def) + neo4j_with_last_column(table.rows, def.name));
        !status.ok()) {
      return status;
    }
    fmt::format_to(std::back_inserter(arguments), " \\\n  --nodes={}", (absolute / file).string());
    node_total += table.count;
  }
  for (const interchange::EdgeTable& table : interchange::edge_tables(graphs, false)) {
    const RelTypeDef& def = rel_type_def(table.type);
    const std::string file = fmt::format("relationships_{}.csv", def.name);
    if (auto status = write_file_atomically(dir / file, neo4j_edge_header(def) + neo4j_with_last_column(table.rows, def.name));
        !status.ok()) {
      return status;
    }
    fmt::format_to(std::back_inserter(arguments), " \\\n  --relationships={}", (absolute / file).string());
    edge_total += table.count;
  }
  const std::string readme = fmt::format(
      "# A Trellis graph for Neo4j\n\n"
      "{} nodes (one CSV per label) and {} relationships (one CSV per type), with the typed\n"
      "headers of `neo4j-admin database import`. `:ID` is the node's row in the Trellis\n"
      "snapshot it came from; `node_id` is its stable id. An empty cell is a missing property.\n"
      "List items (decorators, bases...) are separated by U+001F.\n\n"
      "Import into a new database named `trellis` (Neo4j 5; stop the database first, or use\n"
      "another name; Community Edition has one user database, `neo4j`):\n\n"
      "```\n"
      "neo4j-admin database import full trellis --overwrite-destination --array-delimiter=U+001F{}\n"
      "```\n",
      node_total, edge_total, arguments);
  return write_file_atomically(dir / "README.md", readme);
}

}  // namespace trellis
