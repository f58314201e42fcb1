// Text of CSV cells (export side), the inverse of csv_reader and
// csv_cell_parser.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "trellis/store/property_value.hpp"

namespace trellis::csv {

// Appends `value` as one field: as it is, or in double quotes with quotes
// doubled when it holds a comma, a quote, CR or LF (RFC 4180).
void append_field(std::string& out, std::string_view value);

// Appends `items` as a compact JSON array of strings (["Base","Mixin"]):
// quotes, backslashes and control characters escaped, other UTF-8 kept.
void append_json_string_list(std::string& out, std::span<const std::string_view> items);

// How a cell holds a list of strings: a JSON array (the interchange CSV),
// or the items joined by U+001F (the graph-database exports).
enum class ListCells : std::uint8_t { Json, UnitSeparated };
inline constexpr char kUnitSeparator = '\x1f';

// Appends ",cell" for a property value (just "," for null).
class PropertyCellWriter {
 public:
  PropertyCellWriter(std::string& out, ListCells lists) : out_(out), lists_(lists) {}
  void write(const PropertyValue& value);

 private:
  std::string& out_;
  ListCells lists_;
  std::string list_;  // reused for list cells
};

}  // namespace trellis::csv
