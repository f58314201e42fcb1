#include "node_table_import.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "csv_cell_parser.hpp"
#include "csv_header.hpp"
#include "csv_reader.hpp"
#include "trellis/interchange/csv_columns.hpp"

namespace trellis::csv {
namespace {

constexpr std::string_view kFileName = "nodes.csv";
constexpr std::uint32_t kNoRow = std::numeric_limits<std::uint32_t>::max();

// A column that names, for labels without it, a property they have under
// another name: other tools write a Package's folder as its file_path.
struct ColumnAlias {
  std::string_view column;
  std::string_view property;
};
constexpr ColumnAlias kColumnAliases[] = {{"file_path", "path"}};

// Positions of the key columns in the header's `keys` list.
enum KeyColumn : std::size_t { kId, kLabel, kQualifiedName, kName };

// Where a record is, so it can be read again in id order.
struct RowRef {
  std::size_t offset;
  std::size_t line;
  std::uint32_t id;
};

std::string label_names() {
  std::vector<std::string_view> names;
  for (const LabelDef& def : all_labels()) names.push_back(def.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

class NodeTableImport {
 public:
  NodeTableImport(std::string_view text, GraphBuilder& builder)
      : reader_(kFileName, text), builder_(builder) {
    const auto& columns = node_property_columns();
    for (const LabelDef& def : all_labels()) {
      auto& own = label_columns_[index_of(def.label)];
      auto& aliases = alias_columns_[index_of(def.label)];
      for (const CsvColumn& column : columns) {
        own.push_back(property_index(def.label, column.name));
        aliases.emplace_back();
        if (own.back()) continue;
        for (const ColumnAlias& alias : kColumnAliases) {
          if (alias.column != column.name) continue;
          const auto target = property_index(def.label, alias.property);
          const auto target_column = std::find_if(columns.begin(), columns.end(), [&](const CsvColumn& c) {
            return c.name == alias.property;
          });
          if (target && target_column != columns.end()) {
            aliases.back() = AliasColumn{*target, static_cast<std::size_t>(target_column - columns.begin())};
          }
        }
      }
    }
    ignored_counts_.assign(kLabelCount * columns.size(), 0);
  }

  // "<count> <column> values of <Label> rows ignored (...)", per label and
  // column in schema order.
  std::vector<std::string> ignored_notes() const {
    std::vector<std::string> notes;
    const auto& columns = node_property_columns();
    for (const LabelDef& def : all_labels()) {
      for (std::size_t c = 0; c < columns.size(); ++c) {
        const std::size_t count = ignored_counts_[index_of(def.label) * columns.size() + c];
        if (count == 0) continue;
        notes.push_back(fmt::format("nodes.csv: {} {} value{} of {} rows ignored ({} has no such property)", count,
                                    columns[c].name, count == 1 ? "" : "s", def.name, def.name));
      }
    }
    return notes;
  }

  Status run() {
    auto header = read_header(reader_, node_key_columns(), node_property_columns(),
                              kRequiredNodePropertyColumns);
    if (!header.ok()) return std::move(header).take_error();
    header_ = std::move(header).value();
    if (auto status = index_rows(); !status.ok()) return status;
    if (auto status = number_rows(); !status.ok()) return status;
    for (std::uint32_t id = 0; id < rows_.size(); ++id) {
      if (auto status = add_node(rows_[row_of_id_[id]]); !status.ok()) return status;
    }
    return {};
  }

 private:
  std::string_view field(std::size_t position, std::string& scratch) const {
    return field_value(record_.fields[position], scratch);
  }
  std::string_view key_field(KeyColumn column, std::string& scratch) const {
    return field(header_.keys[column], scratch);
  }

  // First pass: checks quoting and field counts and notes each row's id.
  Status index_rows() {
    for (;;) {
      auto more = reader_.next(record_);
      if (!more.ok()) return std::move(more).take_error();
      if (!*more) return {};
      if (auto status = check_field_count(reader_, record_, header_); !status.ok()) return status;
      auto id = parse_node_id("id", key_field(kId, value_scratch_));
      if (!id.ok()) return reader_.error_at(record_.line, id.error().message);
      rows_.push_back(RowRef{record_.offset, record_.line, *id});
    }
  }

  // N rows with distinct ids in 0..N-1 number the nodes without gaps.
  Status number_rows() {
    row_of_id_.assign(rows_.size(), kNoRow);
    for (std::uint32_t r = 0; r < rows_.size(); ++r) {
      const RowRef& row = rows_[r];
      if (row.id >= rows_.size()) {
        return reader_.error_at(
            row.line, fmt::format("id {} is outside 0..{}: the ids of {} nodes must be "
                                  "0..{} without gaps",
                                  row.id, rows_.size() - 1, rows_.size(), rows_.size() - 1));
      }
      if (row_of_id_[row.id] != kNoRow) {
        return reader_.error_at(row.line, fmt::format("duplicate id {} (also on line {})", row.id,
                                                      rows_[row_of_id_[row.id]].line));
      }
      row_of_id_[row.id] = r;
    }
    return {};
  }

  // Second pass, in id order: the node and its properties.
  Status add_node(const RowRef& row) {
    reader_.seek(row.offset, row.line);
    auto more = reader_.next(record_);
    if (!more.ok()) return std::move(more).take_error();
    const std::string_view label_text = key_field(kLabel, label_scratch_);
    const auto label = label_from_string(label_text);
    if (!label) {
      return reader_.error_at(
          row.line, fmt::format("unknown label '{}' (labels: {})", label_text, label_names()));
    }
    const std::string_view qualified_name = key_field(kQualifiedName, qualified_name_scratch_);
    if (qualified_name.empty()) return reader_.error_at(row.line, "empty qualified_name");
    auto node = builder_.add_node(*label, qualified_name, key_field(kName, value_scratch_));
    if (!node.ok()) {
      if (const auto first = builder_.find(*label, qualified_name)) {
        return reader_.error_at(
            row.line, fmt::format("duplicate {} '{}' (also on line {})", label_text, qualified_name,
                                  rows_[row_of_id_[*first]].line));
      }
      return reader_.error_at(row.line, node.error().message);
    }
    const auto& columns = node_property_columns();
    const std::size_t l = index_of(*label);
    for (std::size_t c = 0; c < columns.size(); ++c) {
      if (!header_.properties[c]) continue;
      const std::string_view text = field(*header_.properties[c], value_scratch_);
      if (text.empty()) continue;
      auto value = cells_.parse(columns[c], text);
      if (!value.ok()) return reader_.error_at(row.line, value.error().message);
      if (const auto column = label_columns_[l][c]) {
        set_property(*node, *column, *value);
      } else if (const auto& alias = alias_columns_[l][c]; alias && !has_value(alias->csv_column)) {
        set_property(*node, alias->property, *value);
      } else {
        ++ignored_counts_[l * columns.size() + c];
      }
    }
    return {};
  }

  // Whether the current record has a non-empty cell in that property column.
  bool has_value(std::size_t csv_column) {
    const auto& position = header_.properties[csv_column];
    return position && !field(*position, alias_scratch_).empty();
  }

  void set_property(BuildId node, std::size_t column, const CellValue& value) {
    struct Set {
      GraphBuilder& builder;
      BuildId node;
      std::size_t column;
      void operator()(std::int32_t v) const { builder.set_int(node, column, v); }
      void operator()(bool v) const { builder.set_bool(node, column, v); }
      void operator()(std::string_view v) const { builder.set_string(node, column, v); }
      void operator()(std::span<const std::string_view> items) const {
        for (const std::string_view item : items) builder.add_list_item(node, column, item);
      }
    };
    std::visit(Set{builder_, node, column}, value);
  }

  CsvReader reader_;
  GraphBuilder& builder_;
  CsvHeader header_;
  CsvRecord record_;
  CellParser cells_;
  std::vector<RowRef> rows_;
  std::vector<std::uint32_t> row_of_id_;
  // label_columns_[label][c]: the label's column for node_property_columns()[c], if it has one.
  std::array<std::vector<std::optional<std::size_t>>, kLabelCount> label_columns_;
  // alias_columns_[label][c]: where a value of a column the label lacks
  // belongs instead (its property, and the CSV column that property has).
  struct AliasColumn {
    std::size_t property;
    std::size_t csv_column;
  };
  std::array<std::vector<std::optional<AliasColumn>>, kLabelCount> alias_columns_;
  std::vector<std::size_t> ignored_counts_;  // [label * columns + column]
  std::string alias_scratch_;
  std::string label_scratch_;
  std::string qualified_name_scratch_;
  std::string value_scratch_;
};

}  // namespace

Status import_node_table(std::string_view text, GraphBuilder& builder, std::vector<std::string>* ignored) {
  NodeTableImport import(text, builder);
  Status status = import.run();
  if (status.ok() && ignored != nullptr) *ignored = import.ignored_notes();
  return status;
}

}  // namespace trellis::csv
