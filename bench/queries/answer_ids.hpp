// One query answer reduced to what two engines can be checked on: the
// target, the count found, and the listed nodes as [id, depth] pairs sorted
// by id (ids are the store's node ids, which are the CSV export's ids).
// Hierarchy ancestors carry negative depths, descendants positive ones; a
// call graph's entry is at depth 0; exports are at depth 0.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "trellis/queries/query_catalog.hpp"

namespace trellis::bench {

nlohmann::ordered_json answer_ids(const std::string& target, const queries::QueryAnswer& answer);

}  // namespace trellis::bench
