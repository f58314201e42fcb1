// query_why's answer as a plain-text tree with box-drawing characters, for
// people and for pipes (seed 003's render_why_tree): the node, then its
// upstream tree (what depends on it), then its downstream tree (what it
// depends on). The JSON answer carries the same text as `rendered`.
#pragma once

#include <string>
#include <vector>

#include "trellis/queries/context_queries.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::output {

std::string render_why_tree(const GraphStore& store, const queries::WhyResult& result);

// The entries hanging directly from each entry (index entries.size(): from
// the target), in breadth-first order.
std::vector<std::vector<int>> why_children(const queries::WhyTree& tree);

}  // namespace trellis::output
