// Which nodes share their qualified name with another node, for
// GraphStore::qualified_name_shared(NodeId).
//
// A qualified name is stored as (prefix node, suffix): the prefix is the
// first node whose qualified name is the text before the last '.', or none
// (graph_builder.cpp). The same text always splits the same way, so two
// nodes have the same qualified name exactly when they have the same pair,
// which is compared without building any text.
#pragma once

#include <cstdint>
#include <vector>

#include "trellis/store/store_parts.hpp"

namespace trellis {

// Bit n (of word n / 64) is set when another node has node n's qualified
// name. Two linear passes: a filter of two bitmaps over a hash of the pairs
// (seen once, seen again) keeps the few nodes whose hash repeats; those are
// sorted by pair and equal pairs marked.
std::vector<std::uint64_t> shared_qualified_names(const StoreParts& parts);

}  // namespace trellis
