// Stable node ids: a node's `node_id` is 16 hex digits of a 64-bit hash of
// its label, its file_path (empty for nodes without one) and its qualified
// name. It survives re-indexing while the definition keeps its name and
// stays in its file, wherever it moves inside the file; overloads differ by
// the signature their qualified names carry. Internal row numbers are
// never exposed: these ids are not them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "trellis/store/schema.hpp"

namespace trellis {

inline constexpr std::size_t kNodeIdDigits = 16;

std::uint64_t node_id_key(Label label, std::string_view file_path, std::string_view qualified_name);
// The key as a node_id: 16 lowercase hex digits.
std::string node_id_text(std::uint64_t key);
// The key a node_id names; nullopt when `text` is not 16 hex digits.
std::optional<std::uint64_t> parse_node_id(std::string_view text);

}  // namespace trellis
