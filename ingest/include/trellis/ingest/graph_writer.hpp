// The last ingest stage, the same for every language: a resolved
// ProgramGraph becomes nodes and edges in a GraphBuilder (CONTRACT.md's
// schema: Project, Package, Module, Class, Function, Method,
// ExternalPackage; CONTAINS, DEFINES, CALLS, INHERITS, IMPORTS).
#pragma once

#include <compare>
#include <cstdint>
#include <string_view>
#include <span>

#include "trellis/common/error.hpp"
#include "trellis/ingest/program_graph.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::ingest {

struct WrittenGraph {
  BuiltGraph graph;
  std::size_t merged_definitions = 0;  // redefinitions folded into the first one
  std::size_t search_nodes_reused = 0; // nodes whose postings came from the previous index
};

// A definition the previous index had in a file changed or gone since.
struct DepartedDefinition {
  Label label;
  std::string_view name;
  auto operator<=>(const DepartedDefinition&) const = default;
};

struct GraphWriteOptions {
  // Without it the store has no full-text index (search finds nothing): for
  // measuring what the index costs.
  bool full_text = true;
  // The full-text index of the snapshot being replaced, when there is one,
  // and which files were parsed again since it was written (by
  // ProgramGraph::files index; 1: changed). A definition or module whose
  // words all come from unchanged files and that the previous index knows
  // by its stable id keeps its postings from there, so an incremental index
  // indexes only the words of changed files. The store is the same as
  // without them.
  const search::PreviousSearchIndex* previous_search = nullptr;
  std::span<const std::uint8_t> changed;
  // With previous_search: the label and name of every definition the
  // previous index had in a file that is changed or gone now, sorted and
  // unique. A node of unchanged files with one of them may have had words
  // from such a file (several files define a partial class), so it is
  // indexed afresh.
  std::span<const DepartedDefinition> departed;
};

// Builds the store. Files are written in the order given, so the same
// ProgramGraph always yields the same store.
Result<WrittenGraph> write_graph(const ProgramGraph& program, const GraphWriteOptions& options = {});

}  // namespace trellis::ingest
