#include "batch/vec.hpp"

#include <algorithm>

namespace trellis::cypher {
namespace {

// f(to's array, from's array) for each array a column of `kind` uses: its
// values' (store ids only when both columns have them) and the null flags.
template <class F>
void each_array(Vec& to, const Vec& from, VecKind kind, F&& f) {
  switch (kind) {
    case VecKind::Int:
    case VecKind::Bool: f(to.ints, from.ints); break;
    case VecKind::Float: f(to.floats, from.floats); break;
    case VecKind::Str:
      f(to.strs, from.strs);
      if (!from.ids.empty() && !to.ids.empty()) f(to.ids, from.ids);
      break;
    case VecKind::Node: f(to.nodes, from.nodes); break;
    case VecKind::Any: f(to.values, from.values); return;  // a value is null itself
    case VecKind::Null: break;
  }
  f(to.nulls, from.nulls);
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
  each_array(*this, from, kind, [&](auto& to, const auto& in) {
    for (std::size_t j = 0; j < n; ++j) {
      if (&to[j] != &in[rows[j]]) to[j] = in[rows[j]];  // in place: a row may stay where it is
    }
  });
}

void Vec::copy_one(const Vec& from, VecKind kind, std::size_t row, std::size_t to) {
  each_array(*this, from, kind, [&](auto& out, const auto& in) { out[to] = in[row]; });
}

void Vec::copy_rows(const Vec& from, VecKind kind, const std::vector<std::uint32_t>* rows, std::size_t n) {
  each_array(*this, from, kind, [&](auto& to, const auto& in) {
    if (rows == nullptr) {
      std::copy_n(in.begin(), n, to.begin());
    } else {
      for (const std::uint32_t i : *rows) to[i] = in[i];
    }
  });
}

}  // namespace trellis::cypher
