// toLower, toUpper, toString, toInteger, toFloat, substring, split, trim,
// replace.
#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <cmath>

#include "executor/runtime_error.hpp"
#include "functions/function_registry.hpp"
#include "value/graph_access.hpp"

namespace trellis::cypher {
namespace {

using Args = std::span<const Value>;

Value map_chars(std::string_view function, const Value& arg, int (*f)(int)) {
  if (arg.is_null()) return {};
  std::string text = string_arg(function, arg);
  for (char& c : text) c = static_cast<char>(f(static_cast<unsigned char>(c)));
  return text;
}

Value to_lower(const GraphStore&, Args a) { return map_chars("toLower", a[0], [](int c) { return std::tolower(c); }); }
Value to_upper(const GraphStore&, Args a) { return map_chars("toUpper", a[0], [](int c) { return std::toupper(c); }); }

Value to_string_fn(const GraphStore&, Args a) {
  const Value& v = a[0];
  switch (v.kind()) {
    case ValueKind::Null: return {};
    case ValueKind::String: return v;
    case ValueKind::Int: return std::to_string(v.as_int());
    case ValueKind::Float: return float_text(v.as_float());
    case ValueKind::Bool: return v.as_bool() ? "true" : "false";
    default: fail(ErrorCode::InvalidArgument, fmt::format("toString() cannot convert a {}", to_string(v.kind())));
  }
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

// A whole string as a double, nullopt when it is not one.
std::optional<double> parse_double(std::string_view text) {
  text = trimmed(text);
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

Value to_integer(const GraphStore&, Args a) {
  const Value& v = a[0];
  switch (v.kind()) {
    case ValueKind::Null: return {};
    case ValueKind::Int: return v;
    case ValueKind::Bool: return std::int64_t{v.as_bool() ? 1 : 0};
    case ValueKind::Float: {
      const double d = v.as_float();
      if (!std::isfinite(d) || std::fabs(d) >= 9.2e18) return {};
      return static_cast<std::int64_t>(d);
    }
    case ValueKind::String: {
      const std::string_view text = trimmed(v.as_string());
      std::int64_t value = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (ec == std::errc() && end == text.data() + text.size() && !text.empty()) return value;
      const auto d = parse_double(text);
      if (!d || !std::isfinite(*d) || std::fabs(*d) >= 9.2e18) return {};
      return static_cast<std::int64_t>(*d);
    }
    default: fail(ErrorCode::InvalidArgument, fmt::format("toInteger() cannot convert a {}", to_string(v.kind())));
  }
}

Value to_float(const GraphStore&, Args a) {
  const Value& v = a[0];
  switch (v.kind()) {
    case ValueKind::Null: return {};
    case ValueKind::Int: return static_cast<double>(v.as_int());
    case ValueKind::Float: return v;
    case ValueKind::String: {
      const auto d = parse_double(v.as_string());
      if (!d) return {};
      return *d;
    }
    default: fail(ErrorCode::InvalidArgument, fmt::format("toFloat() cannot convert a {}", to_string(v.kind())));
  }
}

Value substring(const GraphStore&, Args a) {
  if (a[0].is_null()) return {};
  const std::string& text = string_arg("substring", a[0]);
  const std::int64_t start = int_arg("substring", a[1]);
  std::int64_t length = a.size() > 2 ? int_arg("substring", a[2]) : static_cast<std::int64_t>(text.size());
  if (start < 0 || length < 0) fail(ErrorCode::InvalidArgument, "substring() takes a non-negative start and length");
  if (static_cast<std::size_t>(start) >= text.size()) return std::string();
  return text.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(length));
}

Value split(const GraphStore&, Args a) {
  if (a[0].is_null() || a[1].is_null()) return {};
  const std::string& text = string_arg("split", a[0]);
  const std::string& delimiter = string_arg("split", a[1]);
  ValueList parts;
  if (delimiter.empty()) {
    for (const char c : text) parts.emplace_back(std::string(1, c));
    return parts;
  }
  std::size_t begin = 0;
  for (std::size_t at = text.find(delimiter); at != std::string::npos; at = text.find(delimiter, begin)) {
    parts.emplace_back(text.substr(begin, at - begin));
    begin = at + delimiter.size();
  }
  parts.emplace_back(text.substr(begin));
  return parts;
}

Value trim(const GraphStore&, Args a) {
  if (a[0].is_null()) return {};
  return trimmed(string_arg("trim", a[0]));
}

Value replace(const GraphStore&, Args a) {
  if (a[0].is_null() || a[1].is_null() || a[2].is_null()) return {};
  std::string text = string_arg("replace", a[0]);
  const std::string& search = string_arg("replace", a[1]);
  const std::string& replacement = string_arg("replace", a[2]);
  if (search.empty()) return text;
  std::string out;
  std::size_t begin = 0;
  for (std::size_t at = text.find(search); at != std::string::npos; at = text.find(search, begin)) {
    out.append(text, begin, at - begin);
    out += replacement;
    begin = at + search.size();
  }
  out.append(text, begin);
  return out;
}

constexpr FunctionDef kStringFunctions[] = {
    {"toLower", 1, 1, to_lower},     {"toUpper", 1, 1, to_upper},   {"toString", 1, 1, to_string_fn},
    {"toInteger", 1, 1, to_integer}, {"toFloat", 1, 1, to_float},   {"substring", 2, 3, substring},
    {"split", 2, 2, split},          {"trim", 1, 1, trim},          {"replace", 3, 3, replace},
};

}  // namespace

std::span<const FunctionDef> string_functions() { return kStringFunctions; }

}  // namespace trellis::cypher
