// Text of CSV cells (export side), the inverse of csv_reader and
// csv_cell_parser.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace trellis::csv {

// Appends `value` as one field: as it is, or in double quotes with quotes
// doubled when it holds a comma, a quote, CR or LF (RFC 4180).
void append_field(std::string& out, std::string_view value);

// Appends `items` as a compact JSON array of strings (["Base","Mixin"]):
// quotes, backslashes and control characters escaped, other UTF-8 kept.
void append_json_string_list(std::string& out, std::span<const std::string_view> items);

}  // namespace trellis::csv
