// The last ingest stage, the same for every language: a resolved
// ProgramGraph becomes nodes and edges in a GraphBuilder (CONTRACT.md's
// schema: Project, Package, Module, Class, Function, Method,
// ExternalPackage; CONTAINS, DEFINES, CALLS, INHERITS, IMPORTS).
#pragma once

#include "trellis/common/error.hpp"
#include "trellis/ingest/program_graph.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::ingest {

struct WrittenGraph {
  BuiltGraph graph;
  std::size_t merged_definitions = 0;  // redefinitions folded into the first one
};

// Builds the store. Files are written in the order given, so the same
// ProgramGraph always yields the same store. Without `full_text`, the
// store has no full-text index (search finds nothing): for measuring what
// the index costs.
Result<WrittenGraph> write_graph(const ProgramGraph& program, bool full_text = true);

}  // namespace trellis::ingest
