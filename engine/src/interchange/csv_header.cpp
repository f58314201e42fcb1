#include "csv_header.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string>

namespace trellis::csv {
namespace {

// Position of the header field named `name`, or nullopt; a second field of
// that name is an error.
Result<std::optional<std::size_t>> find_column(const CsvReader& reader, const CsvRecord& header,
                                               std::span<const std::string_view> names,
                                               std::string_view name) {
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] != name) continue;
    if (found)
      return reader.error_at(header.line,
                             fmt::format("column '{}' appears twice in the header", name));
    found = i;
  }
  return found;
}

}  // namespace

Result<CsvHeader> read_header(CsvReader& reader, std::span<const std::string_view> keys,
                              std::span<const CsvColumn> properties,
                              std::size_t required_properties) {
  std::vector<std::string_view> required(keys.begin(), keys.end());
  for (std::size_t c = 0; c < required_properties; ++c) required.push_back(properties[c].name);
  const std::string expected = fmt::format("{}", fmt::join(required, ","));

  CsvRecord header;
  auto more = reader.next(header);
  if (!more.ok()) return std::move(more).take_error();
  if (!*more) return reader.error_at(1, fmt::format("missing header row (expected {})", expected));
  std::vector<std::string> scratch(header.fields.size());
  std::vector<std::string_view> names(header.fields.size());
  for (std::size_t i = 0; i < names.size(); ++i)
    names[i] = field_value(header.fields[i], scratch[i]);

  CsvHeader result;
  result.field_count = names.size();
  auto find = [&](std::string_view name) { return find_column(reader, header, names, name); };
  std::vector<std::string_view> missing;
  for (const std::string_view name : required) {
    auto position = find(name);
    if (!position.ok()) return std::move(position).take_error();
    if (!*position) missing.push_back(name);
  }
  if (missing.size() == required.size()) {
    return reader.error_at(
        header.line,
        fmt::format("missing header row: the first line names none of the columns {}", expected));
  }
  if (!missing.empty()) {
    return reader.error_at(
        header.line,
        fmt::format("missing required column{} {} (the header must name {})",
                    missing.size() == 1 ? "" : "s", fmt::join(missing, ", "), expected));
  }
  for (const std::string_view name : keys) result.keys.push_back(**find(name));
  for (const CsvColumn& column : properties) {
    auto position = find(column.name);
    if (!position.ok()) return std::move(position).take_error();
    result.properties.push_back(*position);
  }
  return result;
}

Status check_field_count(const CsvReader& reader, const CsvRecord& record,
                         const CsvHeader& header) {
  if (record.fields.size() == header.field_count) return {};
  return reader.error_at(record.line,
                         fmt::format("{} field{} where the header has {}", record.fields.size(),
                                     record.fields.size() == 1 ? "" : "s", header.field_count));
}

}  // namespace trellis::csv
