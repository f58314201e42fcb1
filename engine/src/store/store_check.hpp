// Structural consistency of StoreParts: every size, offset and id that
// GraphStore trusts without checking. A snapshot whose checksums hold may
// still have been crafted or written by a buggy build; the loader runs this
// so such a file is refused instead of read out of bounds.
//
// Checked: array sizes against node, string and edge counts; offset arrays
// start at 0, never decrease and end at their target's size; ids are in
// range; qualified-name prefix chains end; hash tables have a power-of-two
// size, hold every key once and keep an empty slot; the name index agrees
// with the names; adjacency lists are sorted and each direction is the
// other's transpose (compared by a keyed fingerprint of the edge multiset,
// reading memory in order: a 5M-edge graph checks in milliseconds). Not
// checked: that hash slots sit where the hash puts them, or that edge ends
// have the labels the schema allows.
#pragma once

#include <optional>
#include <string>

#include "trellis/store/store_parts.hpp"

namespace trellis {

// The first inconsistency found, as "<array> <what is wrong>", or nullopt.
std::optional<std::string> find_inconsistency(const StoreParts& parts);

}  // namespace trellis
