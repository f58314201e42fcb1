// Exports for graph databases (CONTRACT.md: `trellis export --format
// neo4j|kuzu --out DIR`): one CSV per label and per relationship type, typed
// headers, and the files that load them as they are.
//
// Both write node ids 0..N-1 (store order, as the interchange CSV) as the
// key, every node's stable `node_id`, its `project` and the label's own
// schema properties. An empty cell is null. Several graphs (snapshots of
// several repositories) export into one folder: the second's ids follow
// the first's, and so on; `project` tells their nodes apart.
//
// neo4j: DIR/nodes_<Label>.csv (`:ID,:LABEL,qualified_name,name,node_id,`
// then `line_start:int`, `is_async:boolean`, `decorators:string[]`...) and
// DIR/relationships_<TYPE>.csv (`:START_ID,:END_ID,:TYPE,` then the type's
// properties) for `neo4j-admin database import full`, whose exact command
// DIR/README.md gives.
//
// In both, list items are separated by U+001F (neo4j-admin's
// --array-delimiter), a character source text does not hold: every item
// comes back as it was.
//
// kuzu: DIR/<Label>.csv and DIR/<TYPE>_<From>_<To>.csv (one per pair of
// endpoint labels that occurs), DIR/schema.cypher (a node table per label,
// a rel table per type over the schema's endpoint labels) and
// DIR/copy.cypher (COPY statements naming the files by absolute path; a
// label with list properties is copied through LOAD, splitting its list
// cells), both run as they are by Kùzu.
//
// Empty labels and types get no CSV (Kùzu still gets their tables). Labels,
// types and rows come in schema and store order: the same graph always
// exports to the same bytes.
#pragma once

#include <filesystem>
#include <span>
#include <string>
#include <string_view>

#include "trellis/common/error.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis {

struct ExportedGraph {
  const GraphStore* store = nullptr;
  std::string project;  // written in every node's `project` column
};

// The name of a store's Project node (the indexed root's name); `fallback`
// when it has none (a graph imported from CSV).
std::string project_name(const GraphStore& store, std::string_view fallback);

// Create `dir` when needed and write each file atomically; INVALID_ARGUMENT
// names a path that cannot be written, or two graphs of one project name.
Status export_neo4j(std::span<const ExportedGraph> graphs, const std::filesystem::path& dir);
Status export_kuzu(std::span<const ExportedGraph> graphs, const std::filesystem::path& dir);

}  // namespace trellis
