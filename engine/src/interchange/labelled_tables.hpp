// The rows of a graph split by label and by relationship type, for the
// graph-database exports (database_export.hpp): RFC 4180 cells, a list's
// items joined by csv::kUnitSeparator (U+001F), which source text does not
// hold, so every item comes back as it was, commas, quotes and brackets
// included (Kùzu's own `[a,'b']` list cells keep the quotes in the items).
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/interchange/database_export.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::interchange {


// The columns every node row starts with, after its id.
inline constexpr std::string_view kNodeKeyColumns[] = {"qualified_name", "name", "node_id", "project"};

struct NodeTable {
  Label label;
  std::size_t count = 0;
  std::string rows;  // "id,qualified_name,name,node_id,project,<label properties>\n" each
};
// One table per label, in schema order (empty ones included), each graph's
// rows after the previous graph's, ids offset by the nodes before.
std::vector<NodeTable> node_tables(std::span<const ExportedGraph> graphs);

struct EdgeTable {
  RelType type;
  Label from;  // with split_by_endpoints; else unused
  Label to;
  std::size_t count = 0;
  std::string rows;  // "src,dst,<type properties>\n" each
};
// Non-empty tables by type in schema order (then by endpoint labels in
// schema order when split_by_endpoints), rows in for_each_edge order.
std::vector<EdgeTable> edge_tables(std::span<const ExportedGraph> graphs, bool split_by_endpoints);

// The graphs' project names, checked distinct (INVALID_ARGUMENT otherwise).
Status check_projects(std::span<const ExportedGraph> graphs);

// Creates `dir` (INVALID_ARGUMENT naming it when it cannot be).
Status make_folder(const std::filesystem::path& dir);

}  // namespace trellis::interchange
