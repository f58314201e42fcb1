// Exports for graph databases (CONTRACT.md: `trellis export --format
// neo4j|kuzu --out DIR`): one CSV per label and per relationship type, typed
// headers, and the files that load them as they are.
//
// Both write node ids 0..N-1 (store order, as the interchange CSV) as the
// key, every node's stable `node_id` and the label's own schema properties.
// An empty cell is null.
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

#include "trellis/common/error.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis {

// Create `dir` when needed and write each file atomically; INVALID_ARGUMENT
// names a path that cannot be written.
Status export_neo4j(const GraphStore& store, const std::filesystem::path& dir);
Status export_kuzu(const GraphStore& store, const std::filesystem::path& dir);

}  // namespace trellis
