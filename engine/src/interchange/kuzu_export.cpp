// `trellis export --format kuzu` (database_export.hpp).
#include <fmt/format.h>

#include <string>

#include "csv_field_writer.hpp"
#include "labelled_tables.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/interchange/database_export.hpp"

namespace trellis {
namespace {

std::string_view kuzu_type(ValueType type) {
  switch (type) {
    case ValueType::Int: return "INT64";
    case ValueType::Bool: return "BOOLEAN";
    case ValueType::String: return "STRING";
    case ValueType::StringList: return "STRING[]";
  }
  return "STRING";
}

// A Cypher string literal for a path.
std::string kuzu_quoted(const std::filesystem::path& path) {
  std::string out = "'";
  for (const char c : path.string()) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

std::string kuzu_schema_text() {
  std::string out;
  for (const LabelDef& def : all_labels()) {
    fmt::format_to(std::back_inserter(out), "CREATE NODE TABLE {}(id INT64", def.name);
    for (const std::string_view key : interchange::kNodeKeyColumns) fmt::format_to(std::back_inserter(out), ", {} STRING", key);
    for (const PropertyDef& property : def.properties) {
      fmt::format_to(std::back_inserter(out), ", {} {}", property.name, kuzu_type(property.type));
    }
    out += ", PRIMARY KEY(id));\n";
  }
  for (const RelTypeDef& def : all_rel_types()) {
    fmt::format_to(std::back_inserter(out), "CREATE REL TABLE {}(", def.name);
    bool first = true;
    for (const Label from : def.from) {
      for (const Label to : def.to) {
        fmt::format_to(std::back_inserter(out), "{}FROM {} TO {}", first ? "" : ", ", label_def(from).name, label_def(to).name);
        first = false;
      }
    }
    for (const PropertyDef& property : def.properties) {
      fmt::format_to(std::back_inserter(out), ", {} {}", property.name, kuzu_type(property.type));
    }
    out += ");\n";
  }
  return out;
}

std::string kuzu_node_header(const LabelDef& def) {
  std::string header = "id";
  for (const std::string_view key : interchange::kNodeKeyColumns) fmt::format_to(std::back_inserter(header), ",{}", key);
  for (const PropertyDef& property : def.properties) fmt::format_to(std::back_inserter(header), ",{}", property.name);
  return header + "\n";
}

std::string kuzu_edge_header(const RelTypeDef& def) {
  std::string header = "from,to";
  for (const PropertyDef& property : def.properties) fmt::format_to(std::back_inserter(header), ",{}", property.name);
  return header + "\n";
}

// The COPY of a label's CSV. A label with list properties is copied
// through LOAD, which reads each list cell as a string and splits it at
// U+001F (written as the character itself: Kùzu's string literals have no
// escape for it).
std::string kuzu_node_copy(const LabelDef& def, const std::string& file) {
  bool lists = false;
  for (const PropertyDef& property : def.properties) lists = lists || property.type == ValueType::StringList;
  // parallel=false: Kùzu's parallel reader refuses line breaks inside quotes (docstrings).
  if (!lists) return fmt::format("COPY {} FROM {} (header=true, parallel=false);", def.name, file);
  std::string columns = "id INT64";
  std::string values = "id";
  for (const std::string_view key : interchange::kNodeKeyColumns) {
    fmt::format_to(std::back_inserter(columns), ", {} STRING", key);
    fmt::format_to(std::back_inserter(values), ", {}", key);
  }
  for (const PropertyDef& property : def.properties) {
    const bool list = property.type == ValueType::StringList;
    fmt::format_to(std::back_inserter(columns), ", {} {}", property.name, list ? "STRING" : kuzu_type(property.type));
    if (list) {
      fmt::format_to(std::back_inserter(values), ", string_split({}, '{}')", property.name, csv::kUnitSeparator);
    } else {
      fmt::format_to(std::back_inserter(values), ", {}", property.name);
    }
  }
  return fmt::format("COPY {} FROM (LOAD WITH HEADERS ({}) FROM {} (header=true, parallel=false) RETURN {});", def.name,
                     columns, file,
                     values);
}

// Whether the schema lets `type` join `from` to `to` (the rel table has that pair).
bool kuzu_schema_pair(const RelTypeDef& def, Label from, Label to) {
  bool from_ok = false;
  bool to_ok = false;
  for (const Label label : def.from) from_ok = from_ok || label == from;
  for (const Label label : def.to) to_ok = to_ok || label == to;
  return from_ok && to_ok;
}

}  // namespace

Status export_kuzu(std::span<const ExportedGraph> graphs, const std::filesystem::path& dir) {
  if (auto status = interchange::check_projects(graphs); !status.ok()) return status;
  if (auto status = interchange::make_folder(dir); !status.ok()) return status;
  const std::filesystem::path absolute = std::filesystem::absolute(dir).lexically_normal();
  std::string copy;
  for (const interchange::NodeTable& table : interchange::node_tables(graphs)) {
    if (table.count == 0) continue;
    const LabelDef& def = label_def(table.label);
    const std::string file = fmt::format("{}.csv", def.name);
    if (auto status = write_file_atomically(dir / file, kuzu_node_header(def) + table.rows); !status.ok()) return status;
    fmt::format_to(std::back_inserter(copy), "{}\n", kuzu_node_copy(def, kuzu_quoted(absolute / file)));
  }
  for (const interchange::EdgeTable& table : interchange::edge_tables(graphs, true)) {
    const RelTypeDef& def = rel_type_def(table.type);
    const std::string_view from = label_def(table.from).name;
    const std::string_view to = label_def(table.to).name;
    if (!kuzu_schema_pair(def, table.from, table.to)) {
      // An imported graph may join labels the schema does not list for the
      // type (CONTRACT.md: import does not check it); Kùzu's table would refuse it.
      return make_error(ErrorCode::InvalidArgument,
                        fmt::format("the graph has {} relationships from {} to {}, which Kùzu's {} table (from the "
                                    "schema) cannot hold",
                                    table.count, from, to, def.name));
    }
    const std::string file = fmt::format("{}_{}_{}.csv", def.name, from, to);
    if (auto status = write_file_atomically(dir / file, kuzu_edge_header(def) + table.rows); !status.ok()) return status;
    fmt::format_to(std::back_inserter(copy), "COPY {} FROM {} (from='{}', to='{}', header=true);\n", def.name,
                   kuzu_quoted(absolute / file), from, to);
  }
  if (auto status = write_file_atomically(dir / "schema.cypher", kuzu_schema_text()); !status.ok()) return status;
  return write_file_atomically(dir / "copy.cypher", copy);
}

}  // namespace trellis
