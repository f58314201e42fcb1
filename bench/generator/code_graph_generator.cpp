#include "generator/code_graph_generator.hpp"

#include <fmt/format.h>

#include "generator/call_edges.hpp"
#include "generator/definition_tree.hpp"
#include "generator/external_packages.hpp"
#include "generator/import_edges.hpp"
#include "generator/inheritance_edges.hpp"
#include "generator/node_budget.hpp"

namespace trellis::bench {

Result<GraphBuilder> generate_code_graph(const CodeGraphOptions& options) {
  if (options.node_count < kMinGeneratedNodes || options.node_count > kMaxGeneratedNodes) {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("node count {} is outside {}..{}", options.node_count,
                                  kMinGeneratedNodes, kMaxGeneratedNodes));
  }
  const auto budget = NodeBudget::for_total(options.node_count,
                                            static_cast<std::uint32_t>(external_packages().size()));
  GraphBuilder builder;
  const CodeEntities entities = add_definitions(builder, budget, options.seed);
  add_calls(builder, entities, options.seed);
  add_inheritance(builder, entities, options.seed);
  add_imports(builder, entities, options.seed);
  return builder;
}

}  // namespace trellis::bench
