// Grouping by a string property without copying its text: `v.p`, where p is
// a node's short name or a string column, keyed by the property's id in the
// store's string table instead. The table is interned (one id per distinct
// text, string_table.hpp), so equal ids are equal texts and grouping by id
// groups exactly as by text; the text is read once per group, when the group
// is written out.
#pragma once

#include <optional>

#include "binder/bound_query.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::cypher {

struct InternedKey {
  Slot slot = kNoSlot;  // the variable v
  PropertyKey property;
};

// The interned reading of `expr` when it is `v.p` with p the short name or,
// for every label that has p, a string column; nullopt otherwise.
std::optional<InternedKey> interned_key(const Expr& expr);

// The key of one row: Int(string id) when v holds a node (a name's id, or a
// set column's id), null when v is null or the column is unset; nullopt when
// v holds something else (a map): the caller then groups by the text.
std::optional<Value> read_interned(const GraphStore& store, const InternedKey& key, const Value& object);

// read_interned() as the bare id: the string id, kNullKey when v is null or
// the column unset, nullopt when v holds something else.
inline constexpr std::int64_t kNullKey = -1;
std::optional<std::int64_t> read_interned_id(const GraphStore& store, const InternedKey& key, const Value& object);

// The text a key of read_interned() stands for (null stays null).
Value interned_text(const GraphStore& store, const Value& key);

}  // namespace trellis::cypher
