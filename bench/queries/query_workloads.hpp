// The query workloads the latency benchmark runs: each is one structural
// query with fixed parameters, run over the seeded targets of one kind of
// targets.json (written by `trellis_bench dataset`).
#pragma once

#include <string_view>
#include <vector>

#include "trellis/queries/query_catalog.hpp"

namespace trellis::bench {

struct QueryWorkload {
  std::string_view name;         // "callers_depth3": the key in results and in the Kùzu comparison
  std::string_view target_kind;  // the targets.json kind it draws targets from
  queries::QueryKind kind;
  queries::Arguments fixed;      // every argument but the target's name
};

std::vector<QueryWorkload> query_workloads();

}  // namespace trellis::bench
