// A property value read from a column, for generic consumers (CSV export,
// JSON output, Cypher). Strings view the store's interned text.
#pragma once

#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

namespace trellis {

using PropertyValue =
    std::variant<std::monostate, std::int64_t, bool, std::string_view, std::vector<std::string_view>>;

inline bool is_null(const PropertyValue& value) {
  return std::holds_alternative<std::monostate>(value);
}

}  // namespace trellis
