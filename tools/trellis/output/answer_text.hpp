// A structural query's answer for people: aligned tables for lists, trees
// for hierarchies and call graphs, and a line saying what was cut or may
// be missing.
#pragma once

#include <string>

#include "trellis/queries/query_catalog.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::output {

std::string answer_text(const GraphStore& store, const queries::QueryRequest& request,
                        const queries::QueryAnswer& answer);

}  // namespace trellis::output
