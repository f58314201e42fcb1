// The columns of the CSV interchange format (CONTRACT.md "Graph interchange").
//
// nodes.csv: id, label, qualified_name, name, then node_property_columns(),
// of which the first three (file_path, line_start, line_end) are required.
// edges.csv: src, dst, type, then edge_property_columns(), all optional.
// Export writes every column in this order; import finds columns by header
// name. Each property column names a schema property of one or more labels
// (or relationship types) with the type given here; a row whose label lacks
// the property leaves the cell empty.
#pragma once

#include <span>
#include <string_view>

#include "trellis/store/schema.hpp"

namespace trellis {

struct CsvColumn {
  std::string_view name;
  ValueType type;
};

// id, label, qualified_name, name.
std::span<const std::string_view> node_key_columns();
// Every schema property of every label, once, in export order.
std::span<const CsvColumn> node_property_columns();
// How many leading node_property_columns() a nodes.csv must have.
inline constexpr std::size_t kRequiredNodePropertyColumns = 3;

// src, dst, type.
std::span<const std::string_view> edge_key_columns();
// Every schema property of every relationship type, once, in export order.
std::span<const CsvColumn> edge_property_columns();

}  // namespace trellis
