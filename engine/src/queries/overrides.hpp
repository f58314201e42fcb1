// Which methods override which: the one rule behind the dispatch-aware
// callers, callees and call graph. A method overrides (or implements) the
// methods of the same member name, an overload's signature included
// (`login(String,String)`), defined in the ancestors of its type, over
// INHERITS and IMPLEMENTS transitively: a call whose receiver has the
// ancestor's static type may run it.
#pragma once

#include <vector>

#include "trellis/store/graph_store.hpp"

namespace trellis::queries {

// The methods `method` overrides: members of the ancestors of the type that
// defines it, nearest ancestor first, each type visited once. Empty when
// `method` is not a Method.
std::vector<NodeId> overridden_methods(const GraphStore& store, NodeId method);

// The methods overriding `method`: members of the subclasses and
// implementers of the type that defines it, transitively, nearest first,
// each type visited once. Empty when `method` is not a Method.
std::vector<NodeId> overriding_methods(const GraphStore& store, NodeId method);

}  // namespace trellis::queries
