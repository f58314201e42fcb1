// A generated code graph built into a store, with how long each step took:
// what the store and dataset modes both start from.
#pragma once

#include <cstdint>

#include "generator/code_graph_generator.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::bench {

struct TimedGraph {
  BuiltGraph built;
  double generation_ms = 0;
  double build_ms = 0;
};

Result<TimedGraph> generate_and_build(std::uint32_t nodes, std::uint64_t seed);

}  // namespace trellis::bench
