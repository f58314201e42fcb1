// Generation stage three: INHERITS between classes, and each class's
// base_classes as written in its source.
//
// Classes are visited in a random order and may only inherit from classes
// visited before them, so the hierarchy is acyclic: a forest with some
// multiple inheritance (a DAG). 55% of classes have a base, a tenth of those
// a second one (a mixin) and a few a third. A base comes from the same
// module when one was visited earlier, else from a Zipf choice over the
// visiting order, so early classes become hubs that hundreds subclass
// (BaseModel, Exception-like roots). No class is deeper than 8 INHERITS
// steps from a root. Root classes sometimes name an external base
// ("Exception", "models.Model") that has no node.
#pragma once

#include <cstdint>

#include "generator/code_entities.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::bench {

inline constexpr std::uint32_t kMaxInheritanceDepth = 8;

void add_inheritance(GraphBuilder& builder, const CodeEntities& entities, std::uint64_t seed);

}  // namespace trellis::bench
