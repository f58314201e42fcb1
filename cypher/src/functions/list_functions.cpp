// size, head, last, range, coalesce, abs.
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>

#include "executor/runtime_error.hpp"
#include "functions/function_registry.hpp"

namespace trellis::cypher {
namespace {

using Args = std::span<const Value>;

Value size(const GraphStore&, Args a) {
  switch (a[0].kind()) {
    case ValueKind::Null: return {};
    case ValueKind::String: return static_cast<std::int64_t>(a[0].as_string().size());
    case ValueKind::List: return static_cast<std::int64_t>(a[0].as_list().size());
    default: fail(ErrorCode::InvalidArgument, fmt::format("size() expects a string or a list but got {}", to_string(a[0].kind())));
  }
}

Value head(const GraphStore&, Args a) {
  if (a[0].is_null()) return {};
  const ValueList& list = list_arg("head", a[0]);
  return list.empty() ? Value() : list.front();
}

Value last(const GraphStore&, Args a) {
  if (a[0].is_null()) return {};
  const ValueList& list = list_arg("last", a[0]);
  return list.empty() ? Value() : list.back();
}

constexpr std::int64_t kMaxRange = 1'000'000;

Value range(const GraphStore&, Args a) {
  for (const Value& arg : a) {
    if (arg.is_null()) return {};
  }
  const std::int64_t start = int_arg("range", a[0]);
  const std::int64_t end = int_arg("range", a[1]);
  const std::int64_t step = a.size() > 2 ? int_arg("range", a[2]) : 1;
  if (step == 0) fail(ErrorCode::InvalidArgument, "range() step must not be zero");
  const std::int64_t count = (step > 0 ? (end - start) / step : (start - end) / -step) + 1;
  if (count > kMaxRange) fail(ErrorCode::InvalidArgument, fmt::format("range() would make more than {} items", kMaxRange));
  ValueList list;
  for (std::int64_t i = 0; i < count; ++i) list.emplace_back(start + i * step);
  return list;
}

Value coalesce(const GraphStore&, Args a) {
  for (const Value& arg : a) {
    if (!arg.is_null()) return arg;
  }
  return {};
}

Value abs_fn(const GraphStore&, Args a) {
  if (a[0].is_null()) return {};
  if (a[0].kind() == ValueKind::Int) return static_cast<std::int64_t>(std::llabs(a[0].as_int()));
  return std::fabs(number_arg("abs", a[0]));
}

constexpr std::size_t kMany = 1000;

constexpr FunctionDef kListFunctions[] = {
    {"size", 1, 1, size},   {"head", 1, 1, head},           {"last", 1, 1, last},
    {"range", 2, 3, range}, {"coalesce", 1, kMany, coalesce}, {"abs", 1, 1, abs_fn},
};

}  // namespace

std::span<const FunctionDef> list_functions() { return kListFunctions; }

}  // namespace trellis::cypher
