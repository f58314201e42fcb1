#include "executor/interned_key.hpp"

#include <variant>

namespace trellis::cypher {

std::optional<InternedKey> interned_key(const Expr& expr) {
  if (expr.kind != ExprKind::Property || expr.args.size() != 1 || expr.args[0]->kind != ExprKind::Variable) {
    return std::nullopt;
  }
  const PropertyKey& property = expr.property;
  if (property.source == PropertyKey::Source::QualifiedName) return std::nullopt;  // built text, not interned
  if (property.source == PropertyKey::Source::Column) {
    for (std::size_t l = 0; l < kLabelCount; ++l) {
      const std::int16_t column = property.node_column[l];
      if (column == PropertyKey::kAbsent) continue;
      const auto& defs = label_def(static_cast<Label>(l)).properties;
      if (defs[static_cast<std::size_t>(column)].type != ValueType::String) return std::nullopt;
    }
  }
  return InternedKey{expr.args[0]->slot, property};
}

std::optional<std::int64_t> read_interned_id(const GraphStore& store, const InternedKey& key, const Value& object) {
  if (object.is_null()) return kNullKey;
  if (object.kind() != ValueKind::Node) return std::nullopt;
  const NodeId node = object.as_node().id;
  if (key.property.source == PropertyKey::Source::Name) {
    return static_cast<std::int64_t>(store.parts().name[node]);  // id 0 is "", a name is never null
  }
  const Label label = store.label(node);
  const std::int16_t column = key.property.node_column[index_of(label)];
  if (column == PropertyKey::kAbsent) return kNullKey;
  const auto& values = std::get<StringColumn>(store.columns(label)[static_cast<std::size_t>(column)]).values;
  const StringId id = values[store.row(node)];
  if (id == kNullString) return kNullKey;
  return static_cast<std::int64_t>(id);
}

std::optional<Value> read_interned(const GraphStore& store, const InternedKey& key, const Value& object) {
  const auto id = read_interned_id(store, key, object);
  if (!id) return std::nullopt;
  return *id == kNullKey ? Value() : Value(*id);
}

Value interned_text(const GraphStore& store, const Value& key) {
  if (key.is_null()) return key;
  return Value(store.strings().get(static_cast<StringId>(key.as_int())));
}

}  // namespace trellis::cypher
