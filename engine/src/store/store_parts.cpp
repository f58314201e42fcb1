#include "trellis/store/store_parts.hpp"

namespace trellis {
namespace {

Column empty_column(ValueType type) {
  switch (type) {
    case ValueType::Int: return IntColumn{};
    case ValueType::Bool: return BoolColumn{};
    case ValueType::String: return StringColumn{};
    case ValueType::StringList: return StringListColumn{};
  }
  return IntColumn{};
}

}  // namespace

StoreParts empty_store_parts() {
  StoreParts parts;
  for (const LabelDef& def : all_labels()) {
    auto& columns = parts.labels[index_of(def.label)].columns;
    for (const PropertyDef& prop : def.properties) columns.push_back(empty_column(prop.type));
  }
  for (const RelTypeDef& def : all_rel_types()) {
    auto& columns = parts.rels[index_of(def.type)].properties;
    for (const PropertyDef& prop : def.properties) columns.push_back(empty_column(prop.type));
  }
  return parts;
}

}  // namespace trellis
