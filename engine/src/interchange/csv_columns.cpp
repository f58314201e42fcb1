#include "trellis/interchange/csv_columns.hpp"

namespace trellis {
namespace {

using enum ValueType;

constexpr std::string_view kNodeKeyColumns[] = {"id", "label", "qualified_name", "name"};
constexpr std::string_view kEdgeKeyColumns[] = {"src", "dst", "type"};

// A fixed list rather than one derived from the schema: the file format is a
// contract, and a test checks that it names every schema property.
constexpr CsvColumn kNodePropertyColumns[] = {
    {"file_path", String},      {"line_start", Int},   {"line_end", Int},
    {"byte_start", Int},        {"byte_end", Int},     {"language", String},
    {"path", String},           {"extension", String}, {"base_classes", StringList},
    {"decorators", StringList}, {"docstring", String}, {"class_name", String},
    {"is_abstract", Bool},      {"is_async", Bool},    {"all_names", StringList},
    {"has_all", Bool},          {"complexity", Int},   {"reexported_names", StringList},
    {"reexported_from", StringList},
};

constexpr CsvColumn kEdgePropertyColumns[] = {{"call_type", String}, {"line", Int}};

}  // namespace

std::span<const std::string_view> node_key_columns() {
  return kNodeKeyColumns;
}
std::span<const std::string_view> edge_key_columns() {
  return kEdgeKeyColumns;
}
std::span<const CsvColumn> node_property_columns() {
  return kNodePropertyColumns;
}
std::span<const CsvColumn> edge_property_columns() {
  return kEdgePropertyColumns;
}

}  // namespace trellis
