// How many nodes of each kind a generated graph of N nodes has: one Project,
// 1% Packages, 3% Modules, 10% Classes, 20% Functions (a tenth of them nested
// in another function), up to 325 ExternalPackages, and Methods for the rest.
#pragma once

#include <cstdint>

namespace trellis::bench {

struct NodeBudget {
  std::uint32_t packages = 0;
  std::uint32_t external_packages = 0;
  std::uint32_t modules = 0;
  std::uint32_t classes = 0;
  std::uint32_t functions = 0;         // top-level and nested
  std::uint32_t nested_functions = 0;  // the part of `functions` defined inside a function
  std::uint32_t methods = 0;

  // The budget for `node_count` nodes in all (Project included); node_count >= 1000.
  static NodeBudget for_total(std::uint32_t node_count, std::uint32_t known_external_packages);
};

}  // namespace trellis::bench
