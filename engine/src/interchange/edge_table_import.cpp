#include "edge_table_import.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "csv_cell_parser.hpp"
#include "csv_header.hpp"
#include "csv_reader.hpp"
#include "trellis/interchange/csv_columns.hpp"

namespace trellis::csv {
namespace {

constexpr std::string_view kFileName = "edges.csv";

// Positions of the key columns in the header's `keys` list.
enum KeyColumn : std::size_t { kSource, kTarget, kType };

std::string rel_type_names() {
  std::vector<std::string_view> names;
  for (const RelTypeDef& def : all_rel_types()) names.push_back(def.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

class EdgeTableImport {
 public:
  EdgeTableImport(std::string_view text, GraphBuilder& builder)
      : reader_(kFileName, text), builder_(builder) {
    for (const RelTypeDef& def : all_rel_types()) {
      for (const CsvColumn& column : edge_property_columns()) {
        type_columns_[index_of(def.type)].push_back(property_index(def.type, column.name));
      }
    }
  }

  Status run() {
    auto header = read_header(reader_, edge_key_columns(), edge_property_columns(), 0);
    if (!header.ok()) return std::move(header).take_error();
    header_ = std::move(header).value();
    for (;;) {
      auto more = reader_.next(record_);
      if (!more.ok()) return std::move(more).take_error();
      if (!*more) return {};
      if (auto status = check_field_count(reader_, record_, header_); !status.ok()) return status;
      if (auto status = add_edge(); !status.ok()) return status;
    }
  }

 private:
  std::string_view field(std::size_t position) {
    return field_value(record_.fields[position], scratch_);
  }

  Result<BuildId> endpoint(KeyColumn column, std::string_view name) {
    auto id = parse_node_id(name, field(header_.keys[column]));
    if (!id.ok()) return reader_.error_at(record_.line, id.error().message);
    if (*id >= builder_.node_count()) {
      return reader_.error_at(
          record_.line,
          fmt::format("edge refers to node id {}, which nodes.csv does not define", *id));
    }
    return *id;
  }

  Status add_edge() {
    auto source = endpoint(kSource, "src");
    if (!source.ok()) return std::move(source).take_error();
    auto target = endpoint(kTarget, "dst");
    if (!target.ok()) return std::move(target).take_error();
    const std::string_view type_text = field(header_.keys[kType]);
    const auto type = rel_type_from_string(type_text);
    if (!type) {
      return reader_.error_at(
          record_.line,
          fmt::format("unknown relationship type '{}' (types: {})", type_text, rel_type_names()));
    }
    const std::uint32_t edge = builder_.add_edge(*type, *source, *target);
    const auto& columns = edge_property_columns();
    for (std::size_t c = 0; c < columns.size(); ++c) {
      if (!header_.properties[c]) continue;
      const std::string_view text = field(*header_.properties[c]);
      if (text.empty()) continue;
      auto value = cells_.parse(columns[c], text);
      if (!value.ok()) return reader_.error_at(record_.line, value.error().message);
      const auto column = type_columns_[index_of(*type)][c];
      if (!column) continue;
      if (auto status = set_property(*type, edge, *column, *value); !status.ok()) return status;
    }
    return {};
  }

  Status set_property(RelType type, std::uint32_t edge, std::size_t column,
                      const CellValue& value) {
    if (const auto* number = std::get_if<std::int32_t>(&value)) {
      builder_.set_edge_int(type, edge, column, *number);
      return {};
    }
    if (const auto* text = std::get_if<std::string_view>(&value)) {
      builder_.set_edge_string(type, edge, column, *text);
      return {};
    }
    return make_error(ErrorCode::Internal,
                      fmt::format("{} properties of type {} are not supported", to_string(type),
                                  to_string(rel_type_def(type).properties[column].type)));
  }

  CsvReader reader_;
  GraphBuilder& builder_;
  CsvHeader header_;
  CsvRecord record_;
  CellParser cells_;
  // type_columns_[type][c]: the type's column for edge_property_columns()[c], if it has one.
  std::array<std::vector<std::optional<std::size_t>>, kRelTypeCount> type_columns_;
  std::string scratch_;
};

}  // namespace

Status import_edge_table(std::string_view text, GraphBuilder& builder) {
  return EdgeTableImport(text, builder).run();
}

}  // namespace trellis::csv
