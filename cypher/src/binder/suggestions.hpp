// "Did you mean ...?" for unknown names: up to 5 candidates, those that
// start with the name first, then the closest by edit distance (case
// folded), leaving out candidates too far away to be a typo.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace trellis::cypher {

std::vector<std::string> suggest(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace trellis::cypher
