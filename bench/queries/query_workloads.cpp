#include "queries/query_workloads.hpp"

namespace trellis::bench {

using queries::QueryKind;

std::vector<QueryWorkload> query_workloads() {
  return {
      {"callers_depth1", "callers", QueryKind::Callers, {{"max_depth", std::int64_t{1}}}},
      {"callers_depth3", "callers", QueryKind::Callers, {{"max_depth", std::int64_t{3}}}},
      {"callees_depth3", "callees", QueryKind::Callees, {{"max_depth", std::int64_t{3}}}},
      {"call_graph_depth3", "call_graph", QueryKind::CallGraph,
       {{"max_depth", std::int64_t{3}}, {"max_nodes", std::int64_t{100}}}},
      {"hierarchy_both", "hierarchy", QueryKind::Hierarchy, {{"direction", std::string("both")}}},
      {"implementations_indirect", "implementations", QueryKind::Implementations, {{"include_indirect", true}}},
      {"dependencies_all", "dependencies", QueryKind::Dependencies, {}},
      {"exports", "exports", QueryKind::Exports, {}},
  };
}

}  // namespace trellis::bench
