// The scalar functions of the subset, looked up by case-insensitive name.
// Each takes already-evaluated arguments; null in gives null out unless
// the function says otherwise (coalesce). A wrong argument type fails with
// INVALID_ARGUMENT through RuntimeError.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/cypher/value/value.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::cypher {

using ScalarFunction = Value (*)(const GraphStore& store, std::span<const Value> args);

struct FunctionDef {
  std::string_view name;  // as documented, e.g. "toLower"
  std::size_t min_args;
  std::size_t max_args;
  ScalarFunction call;
};

// nullptr when no scalar function has this name (any case).
const FunctionDef* find_function(std::string_view name);
// Every function name, scalar and aggregate, for suggestions.
std::vector<std::string> function_names();

// The functions of each family (function_registry.cpp joins them).
std::span<const FunctionDef> string_functions();
std::span<const FunctionDef> list_functions();
std::span<const FunctionDef> graph_functions();

// Argument checks shared by the families; they fail with INVALID_ARGUMENT.
const std::string& string_arg(std::string_view function, const Value& value);
std::int64_t int_arg(std::string_view function, const Value& value);
double number_arg(std::string_view function, const Value& value);
const ValueList& list_arg(std::string_view function, const Value& value);

}  // namespace trellis::cypher
