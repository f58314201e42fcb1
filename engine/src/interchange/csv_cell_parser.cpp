#include "csv_cell_parser.hpp"

#include <fmt/format.h>

#include <charconv>
#include <limits>
#include <optional>

namespace trellis::csv {
namespace {

// The whole text as a decimal integer (digits, optionally a leading '-');
// a number too large for 64 bits saturates, so range checks still refuse it.
std::optional<std::int64_t> parse_decimal(std::string_view text) {
  std::int64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec == std::errc::result_out_of_range && ptr == end)
    return std::numeric_limits<std::int64_t>::max();
  if (ec != std::errc{} || ptr != end) return std::nullopt;
  return value;
}

template <class T>
Result<T> parse_in_range(std::string_view column, std::string_view text, std::int64_t max) {
  if (text.empty())
    return make_error(ErrorCode::InvalidArgument, fmt::format("{} is empty", column));
  const auto value = parse_decimal(text);
  if (!value) {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("{} '{}' is not an integer", column, text));
  }
  if (*value < 0 || *value > max) {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("{} {} is out of range (0..{})", column, text, max));
  }
  return static_cast<T>(*value);
}

}  // namespace

Result<std::uint32_t> parse_node_id(std::string_view column, std::string_view text) {
  return parse_in_range<std::uint32_t>(column, text, std::numeric_limits<std::uint32_t>::max() - 1);
}

Result<CellValue> CellParser::parse(const CsvColumn& column, std::string_view text) {
  switch (column.type) {
    case ValueType::Int: {
      auto value =
          parse_in_range<std::int32_t>(column.name, text, std::numeric_limits<std::int32_t>::max());
      if (!value.ok()) return std::move(value).take_error();
      return CellValue{*value};
    }
    case ValueType::Bool:
      if (text == "true") return CellValue{true};
      if (text == "false") return CellValue{false};
      return make_error(ErrorCode::InvalidArgument,
                        fmt::format("{} '{}' is not a boolean (true or false)", column.name, text));
    case ValueType::String:
      return CellValue{text};
    case ValueType::StringList:
      return parse_list(column.name, text);
  }
  return make_error(ErrorCode::Internal, fmt::format("column {} has an unknown type", column.name));
}

Result<CellValue> CellParser::parse_list(std::string_view column, std::string_view text) {
  auto invalid = [&](std::string_view why) {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("{} '{}' is not a JSON list of strings ({})", column, text, why));
  };
  simdjson::dom::element root;
  if (const auto error = json_.parse(text.data(), text.size()).get(root); error) {
    return invalid(simdjson::error_message(error));
  }
  simdjson::dom::array array;
  if (root.get(array) != simdjson::SUCCESS) return invalid("not an array");
  items_.clear();
  for (const simdjson::dom::element item : array) {
    std::string_view value;
    if (item.get(value) != simdjson::SUCCESS) return invalid("an item is not a string");
    items_.push_back(value);
  }
  return CellValue{std::span<const std::string_view>(items_)};
}

}  // namespace trellis::csv
