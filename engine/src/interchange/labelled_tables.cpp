#include "labelled_tables.hpp"

#include <fmt/format.h>

#include <array>
#include <iterator>
#include <map>
#include <system_error>
#include <utility>

#include "csv_field_writer.hpp"
#include "trellis/store/for_each_edge.hpp"
#include "trellis/store/node_id.hpp"

namespace trellis::interchange {
namespace {

// Appends ",cell" for a value (just "," for null).
class CellWriter {
 public:
  explicit CellWriter(std::string& out) : out_(out) {}

  void write(const PropertyValue& value) {
    out_ += ',';
    std::visit([this](const auto& typed) { append(typed); }, value);
  }

 private:
  void append(std::monostate) {}
  void append(std::int64_t value) { fmt::format_to(std::back_inserter(out_), "{}", value); }
  void append(bool value) { out_ += value ? "true" : "false"; }
  void append(std::string_view value) { csv::append_field(out_, value); }
  void append(const std::vector<std::string_view>& items) {
    list_.clear();
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (i != 0) list_ += kListDelimiter;
      list_ += items[i];
    }
    csv::append_field(out_, list_);
  }

  std::string& out_;
  std::string list_;
};

}  // namespace

std::vector<NodeTable> node_tables(const GraphStore& store) {
  std::vector<NodeTable> tables;
  std::string qualified_name;
  for (const LabelDef& def : all_labels()) {
    NodeTable table{.label = def.label, .count = 0, .rows = {}};
    CellWriter cells(table.rows);
    const NodeRange range = store.nodes(def.label);
    for (NodeId node = range.begin; node < range.end; ++node) {
      fmt::format_to(std::back_inserter(table.rows), "{}", node);
      qualified_name.clear();
      store.append_qualified_name(node, qualified_name);
      cells.write(std::string_view(qualified_name));
      cells.write(store.name(node));
      cells.write(std::string_view(node_id_text(store.node_id_key(node))));
      for (std::size_t column = 0; column < def.properties.size(); ++column) cells.write(store.property(node, column));
      table.rows += '\n';
      ++table.count;
    }
    tables.push_back(std::move(table));
  }
  return tables;
}

std::vector<EdgeTable> edge_tables(const GraphStore& store, bool split_by_endpoints) {
  // Keyed by (type, from, to) in schema order; one key per type unsplit.
  std::map<std::array<std::uint8_t, 3>, EdgeTable> tables;
  for_each_edge(store, [&](RelType type, NodeId source, NodeId target, EdgePos edge) {
    const Label from = split_by_endpoints ? store.label(source) : Label{};
    const Label to = split_by_endpoints ? store.label(target) : Label{};
    const std::array<std::uint8_t, 3> key{static_cast<std::uint8_t>(type), static_cast<std::uint8_t>(from),
                                          static_cast<std::uint8_t>(to)};
    auto [it, inserted] = tables.try_emplace(key, EdgeTable{.type = type, .from = from, .to = to, .count = 0, .rows = {}});
    EdgeTable& table = it->second;
    fmt::format_to(std::back_inserter(table.rows), "{},{}", source, target);
    CellWriter cells(table.rows);
    const RelTypeDef& def = rel_type_def(type);
    for (std::size_t column = 0; column < def.properties.size(); ++column) {
      cells.write(store.edge_property(type, edge, column));
    }
    table.rows += '\n';
    ++table.count;
  });
  std::vector<EdgeTable> out;
  out.reserve(tables.size());
  for (auto& [key, table] : tables) out.push_back(std::move(table));
  return out;
}

Status make_folder(const std::filesystem::path& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) {
    return make_error(ErrorCode::InvalidArgument, fmt::format("cannot create folder {}: {}", dir.string(), error.message()));
  }
  return {};
}

}  // namespace trellis::interchange
