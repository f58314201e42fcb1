#include "queries/query_workloads.hpp"

namespace trellis::bench {

using queries::QueryKind;

std::vector<QueryWorkload> query_workloads() {
  const auto depth = [](std::int64_t d) { return queries::Arguments{{"max_depth", d}}; };
  return {
      {"callers_d1", "callers", "callers, depth 1", QueryKind::Callers, depth(1)},
      {"callers_d3", "callers", "callers within 3 CALLS steps", QueryKind::Callers, depth(3)},
      // Trellis resolves every name through its qualified-name index: by name is the same call.
      {"callers_d3_by_name", "callers", "callers within 3 CALLS steps, target by qualified name",
       QueryKind::Callers, depth(3)},
      {"callers_d5", "callers", "callers within 5 CALLS steps", QueryKind::Callers, depth(5)},
      {"callees_d3", "callees", "callees within 3 CALLS steps", QueryKind::Callees, depth(3)},
      {"call_graph_d3", "call_graph", "call graph, depth 3, at most 100 nodes", QueryKind::CallGraph,
       {{"max_depth", std::int64_t{3}}, {"max_nodes", std::int64_t{100}}}},
      {"hierarchy_up", "hierarchy", "ancestors, depth 10", QueryKind::Hierarchy,
       {{"direction", std::string("up")}}, AnswerList::Ancestors},
      {"hierarchy_down", "hierarchy", "descendants, depth 10", QueryKind::Hierarchy,
       {{"direction", std::string("down")}}, AnswerList::Descendants},
      {"implementations_indirect", "implementations", "implementations, indirect included",
       QueryKind::Implementations, {{"include_indirect", true}}},
      {"dependencies_all", "dependencies", "imports and calls of a module", QueryKind::Dependencies, {},
       AnswerList::All},
      {"exports", "exports", "public definitions of a module", QueryKind::Exports, {}, AnswerList::All},
      {"outline_by_path", "outline", "a file's definitions in line order, file by path", QueryKind::Outline, {},
       AnswerList::All, true},
      {"outline_by_name", "outline", "a file's definitions in line order, module by name", QueryKind::Outline, {},
       AnswerList::All},
      {"children", "children", "what a class defines directly", QueryKind::Children, {}, AnswerList::All},
      {"importers", "importers", "modules importing a module", QueryKind::Importers, {}, AnswerList::All},
      {"importers_transitive", "importers", "modules importing a module, transitively", QueryKind::Importers,
       {{"include_transitive", true}}, AnswerList::All},
      {"impact_function", "callers", "what may break if a function changes, depth 2", QueryKind::Impact, depth(2),
       AnswerList::All},
      {"impact_function_d3", "callers", "what may break if a function changes, depth 3", QueryKind::Impact,
       depth(3), AnswerList::All},
      {"impact_class", "hierarchy", "what may break if a class changes, depth 2", QueryKind::Impact, depth(2),
       AnswerList::All},
      {"impact_module", "importers", "what may break if a module changes, depth 2", QueryKind::Impact, depth(2),
       AnswerList::All},
      {"chain_imports", "importers", "shortest imports chain from a module to one it may reach",
       QueryKind::Chain, {{"dependency_type", std::string("imports")}}, AnswerList::All, false, true},
      {"chain_calls", "callers", "shortest calls chain between two functions", QueryKind::Chain,
       {{"dependency_type", std::string("calls")}}, AnswerList::All, false, true},
      {"details_function", "callers", "a function's place, counts, calls inside and source", QueryKind::Details, {},
       AnswerList::All},
      {"details_class", "hierarchy", "a class's place, counts, calls inside and source", QueryKind::Details, {},
       AnswerList::All},
      {"source_function", "callers", "a function's source with the definitions in it", QueryKind::Source, {},
       AnswerList::All, false, false, true},
      {"why_function", "callers", "upstream and downstream trees of a function, depth 3", QueryKind::Why, depth(3),
       AnswerList::All},
      {"why_class_reverse", "hierarchy", "why trees of a class, depth 3, reverse", QueryKind::Why,
       {{"max_depth", std::int64_t{3}}, {"reverse", true}}, AnswerList::All},
      {"context_function", "callers", "context bundle of a function: depth 2, 20 nodes, 2000 tokens",
       QueryKind::Context, {}, AnswerList::All},
      {"context_module", "dependencies", "context bundle of a module: depth 2, 20 nodes, 2000 tokens",
       QueryKind::Context, {}, AnswerList::All},
  };
}

}  // namespace trellis::bench
