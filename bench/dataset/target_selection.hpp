// The seeded query targets of a benchmark dataset: for each structural query
// kind, nodes picked at random among the ones the query makes sense for,
// plus the hubs, the nodes that make it work hardest. The same store, seed
// and counts always give the same lists.
//
// Kinds, what they pick from and how hubs are ranked (edges counted with
// their parallel copies):
// - callers:         Functions and Methods; hubs by CALLS in-degree
// - callees:         Functions and Methods; hubs by CALLS out-degree
// - call_graph:      Functions and Methods; hubs by CALLS out-degree
// - hierarchy:       Classes and Interfaces with at least one subclass or
//                    implementer; hubs by INHERITS + IMPLEMENTS in-degree
// - implementations: the same as hierarchy
// - dependencies:    Modules; no hubs
// - exports:         Modules; no hubs
// Hubs are the top hub_count candidates (ties by id); random targets are
// drawn uniformly, without repetition, from the other candidates (all of
// them when there are fewer than random_count).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "trellis/store/graph_store.hpp"

namespace trellis::bench {

enum class TargetOrigin { Random, Hub };
std::string_view to_string(TargetOrigin origin);

struct Target {
  NodeId node = kNoNode;
  TargetOrigin origin = TargetOrigin::Random;
  std::uint64_t degree = 0;  // the kind's ranking measure (0 for kinds without hubs)
};

struct TargetKind {
  std::string_view name;        // "callers", "call_graph", ...
  std::string_view ranked_by;   // "CALLS in-degree", or "" for kinds without hubs
  std::size_t candidates = 0;   // nodes the kind could pick from
  std::vector<Target> targets;  // the random ones in draw order, then the hubs, highest first
};

struct TargetOptions {
  std::uint64_t seed = 1;
  std::size_t random_count = 50;
  std::size_t hub_count = 10;
};

std::vector<TargetKind> select_targets(const GraphStore& store, const TargetOptions& options);

}  // namespace trellis::bench
