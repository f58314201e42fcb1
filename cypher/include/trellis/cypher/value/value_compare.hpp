// Cypher's three ways of comparing values (openCypher 9, "Comparability
// and equality", "Orderability"):
// - equality (`=`, `<>`, `IN`): ternary; null on either side is unknown;
//   values of different kinds are unequal, except integers and floats,
//   which compare as numbers; lists and maps compare element by element.
// - comparison (`<`, `<=`, `>`, `>=`): defined between numbers, between
//   strings, between booleans and between lists of those; otherwise null.
// - orderability (ORDER BY, min, max): a total order over all values:
//   map < node < relationship < list < path < string < boolean < number <
//   null, ascending.
// Equivalence (DISTINCT, grouping keys, count(DISTINCT)) is equality with
// null equivalent to null; hash_value agrees with it.
#pragma once

#include <cstddef>
#include <optional>

#include "trellis/cypher/value/value.hpp"

namespace trellis::cypher {

enum class Ternary { False, True, Unknown };

Ternary equals(const Value& a, const Value& b);
// <0, 0, >0 when comparable; nullopt when the comparison is null.
std::optional<int> compare(const Value& a, const Value& b);
// Total order for sorting; null sorts last ascending.
int order_compare(const Value& a, const Value& b);
bool equivalent(const Value& a, const Value& b);
std::size_t hash_value(const Value& value);

// Ternary <-> Value (null for Unknown).
Value to_value(Ternary t);
// true/false for booleans, Unknown for null; nullopt for any other kind.
std::optional<Ternary> to_ternary(const Value& value);

}  // namespace trellis::cypher
