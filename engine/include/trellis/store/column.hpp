// Typed column vectors: one per property of a label (node columns, indexed by
// the node's row in its label) or of a relationship type (edge columns,
// indexed by EdgePos). Nulls are in-band markers (ids.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <variant>

#include "trellis/store/ids.hpp"
#include "trellis/store/pod_array.hpp"
#include "trellis/store/schema.hpp"

namespace trellis {

struct IntColumn {
  PodArray<std::int32_t> values;  // kNullInt is null
};

struct BoolColumn {
  PodArray<std::uint8_t> values;  // 0, 1, or kNullBool
};

struct StringColumn {
  PodArray<StringId> values;  // kNullString is null
};

struct StringListColumn {
  PodArray<std::uint32_t> offsets;  // rows+1 entries into items; an empty list is null
  PodArray<StringId> items;

  std::span<const StringId> at(std::size_t row) const {
    return items.span().subspan(offsets[row], offsets[row + 1] - offsets[row]);
  }
};

using Column = std::variant<IntColumn, BoolColumn, StringColumn, StringListColumn>;

ValueType column_type(const Column& column);
std::size_t column_bytes(const Column& column);

}  // namespace trellis
