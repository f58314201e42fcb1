// The graph schema as data: labels with their typed properties, relationship
// types with their properties and endpoint labels (CONTRACT.md "Schema").
// Every layer (store, CSV, Cypher binder, MCP get_schema) reads these tables
// instead of repeating names.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace trellis {

// Declaration order is the order of node id ranges in the store.
enum class Label : std::uint8_t {
  Project,
  Package,
  ExternalPackage,
  Module,
  Interface,
  Class,
  Function,
  Method,
};
inline constexpr std::size_t kLabelCount = 8;

enum class RelType : std::uint8_t {
  Contains,
  Defines,
  Calls,
  Inherits,
  Implements,
  Imports,
};
inline constexpr std::size_t kRelTypeCount = 6;

enum class ValueType : std::uint8_t { Int, Bool, String, StringList };

// Values of CALLS.call_type (stored as its string).
enum class CallType : std::int32_t { Direct = 0, Method = 1, Constructor = 2 };
std::string_view to_string(CallType type);
std::optional<CallType> call_type_from_string(std::string_view text);

struct PropertyDef {
  std::string_view name;
  ValueType type;
};

struct LabelDef {
  Label label;
  std::string_view name;
  // Properties stored in the label's columns, in column order. Every node
  // also has `qualified_name` and `name`, stored outside these columns.
  std::span<const PropertyDef> properties;
};

struct RelTypeDef {
  RelType type;
  std::string_view name;
  std::span<const PropertyDef> properties;  // edge property columns, in order
  std::span<const Label> from;               // the labels this type starts at
  std::span<const Label> to;                 // and the labels it ends at
};

const LabelDef& label_def(Label label);
const RelTypeDef& rel_type_def(RelType type);
std::span<const LabelDef> all_labels();
std::span<const RelTypeDef> all_rel_types();

std::string_view to_string(Label label);
std::string_view to_string(RelType type);
std::string_view to_string(ValueType type);
std::optional<Label> label_from_string(std::string_view name);
std::optional<RelType> rel_type_from_string(std::string_view name);

// Column index of `property` in the label's (or edge type's) columns.
std::optional<std::size_t> property_index(Label label, std::string_view property);
std::optional<std::size_t> property_index(RelType type, std::string_view property);

inline constexpr std::size_t index_of(Label label) { return static_cast<std::size_t>(label); }
inline constexpr std::size_t index_of(RelType type) { return static_cast<std::size_t>(type); }

}  // namespace trellis
