// Identifier types shared by the store, the builder and the queries.
#pragma once

#include <cstdint>
#include <limits>

namespace trellis {

// Dense node id. Ids are grouped by label (all Projects, then all Packages,
// ...), so a label is a contiguous id range. Never shown to users.
using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = std::numeric_limits<NodeId>::max();

// Id of an interned string; 0 is the empty string, which the store reads as null.
using StringId = std::uint32_t;
inline constexpr StringId kNullString = 0;

// Position of an edge in its relationship type's forward adjacency; edge
// property columns are indexed by it.
using EdgePos = std::uint32_t;

// Null markers of typed columns.
inline constexpr std::int32_t kNullInt = std::numeric_limits<std::int32_t>::min();
inline constexpr std::uint8_t kNullBool = 2;

}  // namespace trellis
