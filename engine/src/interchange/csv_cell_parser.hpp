// Typed values of CSV cells (import side). Error messages name the column
// and quote the text; the caller adds the file and line.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/interchange/csv_columns.hpp"

namespace trellis::csv {

// A node id: a decimal integer in 0..2^32-2.
Result<std::uint32_t> parse_node_id(std::string_view column, std::string_view text);

// A property value: an Int, a Bool, a String, or a StringList's items.
using CellValue =
    std::variant<std::int32_t, bool, std::string_view, std::span<const std::string_view>>;

// Parses non-empty property cells by their column's type:
//   Int: a decimal integer in 0..2^31-1 (line and byte positions)
//   Bool: true or false
//   String: the text itself
//   StringList: a JSON array of strings, e.g. ["Base","Mixin"]
// Reuses its buffers from cell to cell.
class CellParser {
 public:
  // The value; views into list items are valid until the next call.
  Result<CellValue> parse(const CsvColumn& column, std::string_view text);

 private:
  Result<CellValue> parse_list(std::string_view column, std::string_view text);

  simdjson::dom::parser json_;
  std::vector<std::string_view> items_;
};

}  // namespace trellis::csv
