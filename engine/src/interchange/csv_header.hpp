// The header row of nodes.csv or edges.csv: where each known column is.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "csv_reader.hpp"
#include "trellis/common/error.hpp"
#include "trellis/interchange/csv_columns.hpp"

namespace trellis::csv {

struct CsvHeader {
  std::size_t field_count = 0;                         // every record must have as many
  std::vector<std::size_t> keys;                       // position of each key column
  std::vector<std::optional<std::size_t>> properties;  // position of each property column, if any
};

// Reads the first record as the header. Columns are found by name in any
// order; unknown columns are ignored. The key columns and the first
// `required_properties` property columns must be there. Fails
// (INVALID_ARGUMENT, with file and line) when the text is empty, when the
// first record names none of the required columns (no header row), when a
// required column is missing, or when a known column appears twice.
Result<CsvHeader> read_header(CsvReader& reader, std::span<const std::string_view> keys,
                              std::span<const CsvColumn> properties,
                              std::size_t required_properties);

// Fails (INVALID_ARGUMENT, with file and line) when `record` does not have
// as many fields as the header.
Status check_field_count(const CsvReader& reader, const CsvRecord& record, const CsvHeader& header);

}  // namespace trellis::csv
