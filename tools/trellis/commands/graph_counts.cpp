#include "trellis/commands/graph_counts.hpp"

#include <string>

namespace trellis::cli {

output::Json node_counts_json(const GraphStore& store) {
  output::Json by_label = output::Json::object();
  for (const LabelDef& def : all_labels())
    by_label[std::string(def.name)] = store.node_count(def.label);
  return {{"total", store.node_count()}, {"by_label", std::move(by_label)}};
}

output::Json relationship_counts_json(const GraphStore& store) {
  output::Json by_type = output::Json::object();
  for (const RelTypeDef& def : all_rel_types())
    by_type[std::string(def.name)] = store.edge_count(def.type);
  return {{"total", store.edge_count()}, {"by_type", std::move(by_type)}};
}

void add_count_rows(const GraphStore& store, output::TextTable& table) {
  table.add_row({"Nodes", std::to_string(store.node_count())});
  for (const LabelDef& def : all_labels()) {
    if (store.node_count(def.label) != 0) {
      table.add_row({"  " + std::string(def.name), std::to_string(store.node_count(def.label))});
    }
  }
  table.add_row({"Relationships", std::to_string(store.edge_count())});
  for (const RelTypeDef& def : all_rel_types()) {
    if (store.edge_count(def.type) != 0) {
      table.add_row({"  " + std::string(def.name), std::to_string(store.edge_count(def.type))});
    }
  }
}

output::Json skipped_languages_json(std::span<const ingest::SkippedFiles> skipped) {
  output::Json out = output::Json::array();
  for (const ingest::SkippedFiles& entry : skipped) {
    out.push_back({{"extension", entry.extension}, {"language", entry.language}, {"files", entry.files}});
  }
  return out;
}

}  // namespace trellis::cli
