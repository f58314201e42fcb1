#include "batch/vec.hpp"

#include <algorithm>

namespace trellis::cypher {
namespace {

template <class T>
void gather_array(std::vector<T>& to, const std::vector<T>& from, const std::uint32_t* rows, std::size_t n) {
  T* out = to.data();
  const T* in = from.data();
  for (std::size_t j = 0; j < n; ++j) out[j] = in[rows[j]];
}

template <class T>
void copy_array(std::vector<T>& to, const std::vector<T>& from, const std::vector<std::uint32_t>* rows, std::size_t n) {
  if (rows == nullptr) {
    std::copy_n(from.begin(), n, to.begin());
    return;
  }
  for (const std::uint32_t i : *rows) to[i] = from[i];
}

}  // namespace

void Vec::shape(VecKind kind, bool interned, std::size_t rows) {
  switch (kind) {
    case VecKind::Int:
    case VecKind::Bool: ints.resize(rows); break;
    case VecKind::Float: floats.resize(rows); break;
    case VecKind::Str:
      strs.resize(rows);
      if (interned) ids.resize(rows);
      break;
    case VecKind::Node: nodes.resize(rows); break;
    case VecKind::Any: values.resize(rows); break;
    case VecKind::Null: break;
  }
  nulls.resize(rows);
}

void Vec::gather(const Vec& from, VecKind kind, const std::uint32_t* rows, std::size_t n) {
  switch (kind) {
    case VecKind::Int:
    case VecKind::Bool: gather_array(ints, from.ints, rows, n); break;
    case VecKind::Float: gather_array(floats, from.floats, rows, n); break;
    case VecKind::Str:
      gather_array(strs, from.strs, rows, n);
      if (!from.ids.empty() && !ids.empty()) gather_array(ids, from.ids, rows, n);
      break;
    case VecKind::Node: gather_array(nodes, from.nodes, rows, n); break;
    case VecKind::Any:
      for (std::size_t j = 0; j < n; ++j) {
        if (&values[j] != &from.values[rows[j]]) values[j] = from.values[rows[j]];
      }
      return;
    case VecKind::Null: break;
  }
  gather_array(nulls, from.nulls, rows, n);
}

void Vec::copy_one(const Vec& from, VecKind kind, std::size_t row, std::size_t to) {
  switch (kind) {
    case VecKind::Int:
    case VecKind::Bool: ints[to] = from.ints[row]; break;
    case VecKind::Float: floats[to] = from.floats[row]; break;
    case VecKind::Str:
      strs[to] = from.strs[row];
      if (!from.ids.empty() && !ids.empty()) ids[to] = from.ids[row];
      break;
    case VecKind::Node: nodes[to] = from.nodes[row]; break;
    case VecKind::Any: values[to] = from.values[row]; return;
    case VecKind::Null: break;
  }
  nulls[to] = from.nulls[row];
}

void Vec::copy_rows(const Vec& from, VecKind kind, const std::vector<std::uint32_t>* rows, std::size_t n) {
  switch (kind) {
    case VecKind::Int:
    case VecKind::Bool: copy_array(ints, from.ints, rows, n); break;
    case VecKind::Float: copy_array(floats, from.floats, rows, n); break;
    case VecKind::Str:
      copy_array(strs, from.strs, rows, n);
      if (!from.ids.empty() && !ids.empty()) copy_array(ids, from.ids, rows, n);
      break;
    case VecKind::Node: copy_array(nodes, from.nodes, rows, n); break;
    case VecKind::Any: copy_array(values, from.values, rows, n); return;
    case VecKind::Null: break;
  }
  copy_array(nulls, from.nulls, rows, n);
}

}  // namespace trellis::cypher
