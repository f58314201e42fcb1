// "Did you mean ...?" for unknown names (CONTRACT.md: up to 5, prefix
// matches first, then by edit distance), shared by every face that
// suggests: Cypher's labels, types, properties, functions, variables and
// keywords, and the CLI's commands and query names.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trellis {

// Up to 5 of `candidates`: those that start with `name` first, then the
// closest by edit distance (both case folded; ties alphabetically), leaving
// out those more than `max_edits` edits away (by default max(2, |name| / 2)).
// Empty when none is close.
std::vector<std::string> suggest(std::string_view name, const std::vector<std::string>& candidates,
                                 std::optional<std::size_t> max_edits = std::nullopt);

}  // namespace trellis
