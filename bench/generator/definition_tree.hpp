// Generation stage one: every node, with the properties Python ingest would
// record, and the edges of the definition tree (CONTAINS, DEFINES).
//
// The Project contains every node but the ExternalPackages; Packages form a
// forest at most six deep and contain their sub-packages and modules; about
// 70% of packages have an __init__ Module sharing the package's qualified
// name. Classes and top-level functions are spread over modules with a heavy
// tail (a few modules define a hundred things), methods over classes (every
// class has at least one, most an __init__ first), nested functions inside
// top-level functions, sometimes two deep. Each module is laid out as a file:
// docstring, import lines, constants, then its definitions one after the
// other, so line and byte ranges nest and never overlap between siblings.
#pragma once

#include <cstdint>

#include "generator/code_entities.hpp"
#include "generator/node_budget.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::bench {

CodeEntities add_definitions(GraphBuilder& builder, const NodeBudget& budget, std::uint64_t seed);

}  // namespace trellis::bench
