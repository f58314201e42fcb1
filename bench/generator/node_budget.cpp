#include "generator/node_budget.hpp"

#include <algorithm>

namespace trellis::bench {

NodeBudget NodeBudget::for_total(std::uint32_t node_count, std::uint32_t known_external_packages) {
  NodeBudget budget;
  budget.external_packages = std::min(known_external_packages, std::max(16U, node_count / 250));
  budget.packages = std::max(1U, node_count / 100);
  budget.modules = std::max(budget.packages, node_count / 100 * 3);
  budget.classes = node_count / 10;
  budget.functions = node_count / 5;
  budget.nested_functions = budget.functions / 10;
  budget.methods = node_count - 1 - budget.packages - budget.external_packages - budget.modules -
                   budget.classes - budget.functions;
  return budget;
}

}  // namespace trellis::bench
