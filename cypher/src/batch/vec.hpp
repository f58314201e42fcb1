// A column of values computed over a batch (batch/vector_expr.hpp writes
// them; a batch carries those a WITH computes, Batch::values).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "binder/bound_query.hpp"

namespace trellis::cypher {

enum class VecKind : std::uint8_t { Null, Int, Float, Bool, Str, Node, Any };

// One value per row of a batch, typed by its expression (VecExpr::kind()).
struct Vec {
  std::vector<std::int64_t> ints;      // Int; Bool as 0 / 1
  std::vector<double> floats;          // Float
  std::vector<std::string_view> strs;  // Str
  std::vector<StringId> ids;           // Str read off the store: the interned id (VecExpr::interned())
  std::vector<NodeId> nodes;           // Node
  std::vector<std::uint8_t> nulls;     // 1: the row's value is null (every kind but Any)
  std::vector<Value> values;           // Any
  std::string arena;                   // text computed for this batch, viewed by strs

  // Sizes the arrays a column of `kind` uses to `rows` (ids when `interned`).
  void shape(VecKind kind, bool interned, std::size_t rows);
  // Row j of this column becomes row rows[j] of `from` (of `kind`), for j < n.
  // `from` may be this column when rows ascend (a compaction in place).
  // Texts stay views of `from`'s texts; store ids are copied when both have them.
  void gather(const Vec& from, VecKind kind, const std::uint32_t* rows, std::size_t n);
  // Row i of this column becomes row i of `from`, for each i of `rows`
  // (null: the first n rows).
  void copy_rows(const Vec& from, VecKind kind, const std::vector<std::uint32_t>* rows, std::size_t n);
  // Row `to` of this column becomes row `row` of `from`.
  void copy_one(const Vec& from, VecKind kind, std::size_t row, std::size_t to);
};

// The value of row i as the row evaluator would give it.
Value vec_value(const Vec& vec, VecKind kind, std::size_t i);

}  // namespace trellis::cypher
