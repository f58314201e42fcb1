#include "functions/function_registry.hpp"

#include <fmt/format.h>

#include <cctype>

#include "executor/runtime_error.hpp"

namespace trellis::cypher {
namespace {

bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

[[noreturn]] void wrong_type(std::string_view function, std::string_view expected, const Value& value) {
  fail(ErrorCode::InvalidArgument,
       fmt::format("{}() expects {} but got {}", function, expected, to_string(value.kind())));
}

}  // namespace

const FunctionDef* find_function(std::string_view name) {
  for (const auto family : {string_functions(), list_functions(), graph_functions()}) {
    for (const FunctionDef& def : family) {
      if (same_name(def.name, name)) return &def;
    }
  }
  return nullptr;
}

std::vector<std::string> function_names() {
  std::vector<std::string> names = {"count", "collect", "sum", "avg", "min", "max", "exists"};
  for (const auto family : {string_functions(), list_functions(), graph_functions()}) {
    for (const FunctionDef& def : family) names.emplace_back(def.name);
  }
  return names;
}

const std::string& string_arg(std::string_view function, const Value& value) {
  if (value.kind() != ValueKind::String) wrong_type(function, "a string", value);
  return value.as_string();
}

std::int64_t int_arg(std::string_view function, const Value& value) {
  if (value.kind() != ValueKind::Int) wrong_type(function, "an integer", value);
  return value.as_int();
}

double number_arg(std::string_view function, const Value& value) {
  if (!value.is_number()) wrong_type(function, "a number", value);
  return value.as_number();
}

const ValueList& list_arg(std::string_view function, const Value& value) {
  if (value.kind() != ValueKind::List) wrong_type(function, "a list", value);
  return value.as_list();
}

}  // namespace trellis::cypher
