// The query workloads the latency benchmark runs: each is one structural
// query with fixed parameters, run over the seeded targets of one kind of
// targets.json (written by `trellis_bench dataset`). Names and semantics
// match bench/kuzu/README.md's query kinds, so compare.mjs can check the
// answers against Kùzu's.
#pragma once

#include <string_view>
#include <vector>

#include "trellis/queries/query_catalog.hpp"

namespace trellis::bench {

// Which list of an answer the comparison checks.
enum class AnswerList { Reached, Ancestors, Descendants, All };

struct QueryWorkload {
  std::string_view name;         // "callers_d3": the results key
  std::string_view target_kind;  // the targets.json kind it draws targets from
  std::string_view description;
  queries::QueryKind kind;
  queries::Arguments fixed;  // every argument but the target's name
  AnswerList list = AnswerList::Reached;
  // The target is given as its file's path (relative to the indexed root),
  // not its qualified name.
  bool target_as_path = false;
  // A two-ended query (chain): the next target of the list is the other end.
  bool paired = false;
  // Answers only with the indexed files at hand (source): skipped on a
  // graph without them (a generated one).
  bool reads_files = false;
};

std::vector<QueryWorkload> query_workloads();

}  // namespace trellis::bench
