// Hashing and equivalence of values and value tuples, for DISTINCT,
// grouping and count(DISTINCT) (trellis/cypher/value/value_compare.hpp).
#pragma once

#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "trellis/cypher/value/value_compare.hpp"

namespace trellis::cypher {

struct ValueHash {
  std::size_t operator()(const Value& v) const { return hash_value(v); }
};
struct ValueEquivalent {
  bool operator()(const Value& a, const Value& b) const { return equivalent(a, b); }
};
struct TupleHash {
  std::size_t operator()(const std::vector<Value>& t) const {
    std::size_t h = 0x12345;
    for (const Value& v : t) h = h * 0x100000001b3ull ^ hash_value(v);
    return h;
  }
};
struct TupleEquivalent {
  bool operator()(const std::vector<Value>& a, const std::vector<Value>& b) const {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!equivalent(a[i], b[i])) return false;
    }
    return true;
  }
};

using ValueSet = std::unordered_set<Value, ValueHash, ValueEquivalent>;
using TupleSet = std::unordered_set<std::vector<Value>, TupleHash, TupleEquivalent>;
template <class T>
using TupleMap = std::unordered_map<std::vector<Value>, T, TupleHash, TupleEquivalent>;

}  // namespace trellis::cypher
