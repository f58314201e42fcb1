// Reading nodes and relationships as Cypher sees them: properties by name
// (qualified_name and name first, then the label's or type's columns; an
// absent or unset property is null), property maps and key lists.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/cypher/value/value.hpp"
#include "trellis/cypher/value/value_text.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::cypher {

Value node_property(const GraphStore& store, NodeId node, std::string_view key);
Value rel_property(const GraphStore& store, const RelRef& rel, std::string_view key);

// A property name resolved against the schema once (at bind time), so a read
// per row is an array index instead of a search of the label's columns by name.
struct PropertyKey {
  enum class Source : std::uint8_t { QualifiedName, Name, Column };
  Source source = Source::Column;
  static constexpr std::int16_t kAbsent = -1;
  std::array<std::int16_t, kLabelCount> node_column{};   // by label index; kAbsent when the label has no such column
  std::array<std::int16_t, kRelTypeCount> rel_column{};  // by type index
};
PropertyKey resolve_property(std::string_view key);
// The same values as the overloads by name, for a key from resolve_property(name).
Value node_property(const GraphStore& store, NodeId node, const PropertyKey& key);
Value rel_property(const GraphStore& store, const RelRef& rel, const PropertyKey& key);
// Non-null properties in schema order (qualified_name, name, columns).
ValueMap node_properties(const GraphStore& store, NodeId node);
ValueMap rel_properties(const GraphStore& store, const RelRef& rel);

}  // namespace trellis::cypher
