#include "mcp/tool_arguments.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>

namespace trellis::mcp {

Result<queries::Arguments> read_tool_arguments(simdjson::dom::object arguments) {
  using simdjson::dom::element_type;
  queries::Arguments out;
  for (const auto field : arguments) {
    std::string name(field.key);
    const simdjson::dom::element value = field.value;
    switch (value.type()) {
      case element_type::STRING: out.emplace_back(std::move(name), std::string(value.get_string().value_unsafe())); break;
      case element_type::BOOL: out.emplace_back(std::move(name), value.get_bool().value_unsafe()); break;
      case element_type::INT64: out.emplace_back(std::move(name), value.get_int64().value_unsafe()); break;
      case element_type::UINT64:
        return make_error(ErrorCode::InvalidArgument, fmt::format("'{}' is too large", name));
      case element_type::DOUBLE: {
        const double number = value.get_double().value_unsafe();
        if (std::trunc(number) != number || std::abs(number) > 9.0e15) {
          return make_error(ErrorCode::InvalidArgument, fmt::format("'{}' must be an integer, got {}", name, number));
        }
        out.emplace_back(std::move(name), static_cast<std::int64_t>(number));
        break;
      }
      case element_type::OBJECT: out.emplace_back(std::move(name), queries::JsonObjectText{simdjson::minify(value)}); break;
      case element_type::NULL_VALUE: break;
      case element_type::ARRAY: {
        std::vector<std::string> texts;
        simdjson::dom::array items;
        if (value.get_array().get(items) != simdjson::SUCCESS) {
          return make_error(ErrorCode::InvalidArgument, fmt::format("'{}' is not a readable array", name));
        }
        // An array whose first item is a number holds numbers (a query vector).
        bool numeric = false;
        for (const simdjson::dom::element item : items) {
          numeric = item.is_number();
          break;
        }
        if (numeric) {
          std::vector<double> numbers;
          for (const simdjson::dom::element item : items) {
            double number = 0;
            if (item.get_double().get(number) != simdjson::SUCCESS) {
              return make_error(ErrorCode::InvalidArgument, fmt::format("'{}' must be an array of numbers", name));
            }
            numbers.push_back(number);
          }
          out.emplace_back(std::move(name), std::move(numbers));
          break;
        }
        for (const simdjson::dom::element item : items) {
          if (!item.is_string()) {
            return make_error(ErrorCode::InvalidArgument, fmt::format("'{}' must be an array of strings", name));
          }
          texts.emplace_back(item.get_string().value_unsafe());
        }
        out.emplace_back(std::move(name), std::move(texts));
        break;
      }
    }
  }
  return out;
}

}  // namespace trellis::mcp
