// Node counts per label and relationship counts per type, as JSON and as
// table rows, shared by the commands that report on a graph; and the files
// an index passed over for their language.
#pragma once

#include <span>

#include "trellis/ingest/unsupported_languages.hpp"
#include "trellis/output/json.hpp"
#include "trellis/output/text_table.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::cli {

// {"total": n, "by_label": {"Project": n, ...}} with every label, in schema order.
output::Json node_counts_json(const GraphStore& store);
// {"total": n, "by_type": {"CONTAINS": n, ...}} with every type, in schema order.
output::Json relationship_counts_json(const GraphStore& store);

// "Nodes  <total>" then "  <Label>  <n>" per label with nodes; the same for
// relationships.
void add_count_rows(const GraphStore& store, output::TextTable& table);

// [{"extension": ".rb", "language": "ruby", "files": n}] in the given order.
output::Json skipped_languages_json(std::span<const ingest::SkippedFiles> skipped);

}  // namespace trellis::cli
