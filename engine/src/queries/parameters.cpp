#include "trellis/queries/parameters.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

namespace trellis::queries {
namespace {

using enum ParamType;

Error invalid(std::string message) { return make_error(ErrorCode::InvalidArgument, std::move(message)); }

std::string_view type_name(const ArgumentValue& value) {
  switch (value.index()) {
    case 0: return "a string";
    case 1: return "an integer";
    case 2: return "a boolean";
    case 3: return "an object";
    case 5: return "an array of numbers";
    default: return "an array";
  }
}

// "a,b" or ["a", "b"]: each one of the choices, none twice.
Result<ArgumentValue> check_choice_list(const ParamSpec& param, const ArgumentValue& value) {
  std::vector<std::string> list;
  if (const auto* joined = std::get_if<std::string>(&value)) {
    for (std::size_t start = 0; start <= joined->size();) {
      const std::size_t comma = std::min(joined->find(',', start), joined->size());
      std::string item = joined->substr(start, comma - start);
      std::erase_if(item, [](char c) { return c == ' ' || c == '\t'; });
      list.push_back(std::move(item));
      start = comma + 1;
    }
  } else if (const auto* many = std::get_if<std::vector<std::string>>(&value)) {
    list = *many;
  } else {
    return invalid(fmt::format("'{}' must be an array of strings, not {}", param.name, type_name(value)));
  }
  std::vector<std::string> kept;
  for (std::string& item : list) {
    if (std::find(param.choices.begin(), param.choices.end(), item) == param.choices.end()) {
      return invalid(fmt::format("'{}' takes some of {}, got '{}'", param.name, fmt::join(param.choices, ", "), item));
    }
    if (std::find(kept.begin(), kept.end(), item) == kept.end()) kept.push_back(std::move(item));
  }
  return ArgumentValue{std::move(kept)};
}

Result<ArgumentValue> check_value(const ParamSpec& param, const ArgumentValue& value) {
  switch (param.type) {
    case String: {
      const auto* text = std::get_if<std::string>(&value);
      if (text == nullptr) return invalid(fmt::format("'{}' must be a string, not {}", param.name, type_name(value)));
      const bool blank = std::all_of(text->begin(), text->end(), [](char c) { return c == ' ' || c == '\t'; });
      if (blank) return invalid(fmt::format("'{}' must not be empty", param.name));
      return value;
    }
    case Integer: {
      const auto* number = std::get_if<std::int64_t>(&value);
      if (number == nullptr) {
        return invalid(fmt::format("'{}' must be an integer from {} to {}, not {}", param.name, param.min, param.max,
                                   type_name(value)));
      }
      if (*number < param.min || *number > param.max) {
        return invalid(fmt::format("'{}' must be from {} to {}, got {}", param.name, param.min, param.max, *number));
      }
      return value;
    }
    case Boolean:
      if (!std::holds_alternative<bool>(value)) {
        return invalid(fmt::format("'{}' must be true or false, not {}", param.name, type_name(value)));
      }
      return value;
    case Choice: {
      const auto* text = std::get_if<std::string>(&value);
      if (text == nullptr || std::find(param.choices.begin(), param.choices.end(), *text) == param.choices.end()) {
        return invalid(fmt::format("'{}' must be one of {}{}", param.name, fmt::join(param.choices, ", "),
                                   text != nullptr ? fmt::format(", got '{}'", *text) : std::string()));
      }
      return value;
    }
    case Object:
      if (!std::holds_alternative<JsonObjectText>(value)) {
        return invalid(fmt::format("'{}' must be an object, not {}", param.name, type_name(value)));
      }
      return value;
    case StringList: {
      std::vector<std::string> list;
      if (const auto* one = std::get_if<std::string>(&value)) {
        list.push_back(*one);
      } else if (const auto* many = std::get_if<std::vector<std::string>>(&value)) {
        list = *many;
      } else {
        return invalid(fmt::format("'{}' must be an array of strings, not {}", param.name, type_name(value)));
      }
      if (list.empty()) return invalid(fmt::format("'{}' needs at least one value", param.name));
      for (const std::string& text : list) {
        const bool blank = std::all_of(text.begin(), text.end(), [](char c) { return c == ' ' || c == '\t'; });
        if (blank) return invalid(fmt::format("'{}' must not hold an empty string", param.name));
      }
      return ArgumentValue{std::move(list)};
    }
    case ChoiceList: return check_choice_list(param, value);
    case NumberList: {
      const auto* numbers = std::get_if<std::vector<double>>(&value);
      if (numbers == nullptr) {
        return invalid(fmt::format("'{}' must be an array of numbers, not {}", param.name, type_name(value)));
      }
      if (numbers->empty()) return invalid(fmt::format("'{}' needs at least one number", param.name));
      if (!std::all_of(numbers->begin(), numbers->end(), [](double x) { return std::isfinite(x); })) {
        return invalid(fmt::format("'{}' must hold finite numbers only", param.name));
      }
      return value;
    }
  }
  return value;
}

}  // namespace

ParamSpec string_param(std::string_view name, std::string_view description, bool required) {
  ParamSpec p;
  p.name = name;
  p.type = String;
  p.description = description;
  p.required = required;
  return p;
}

ParamSpec string_option(std::string_view name, std::string_view cli, std::string_view description) {
  ParamSpec p = string_param(name, description, false);
  p.cli = cli;
  return p;
}

ParamSpec integer_param(std::string_view name, std::string_view cli, std::int64_t min, std::int64_t max,
                        std::int64_t fallback, std::string_view description) {
  ParamSpec p;
  p.name = name;
  p.cli = cli;
  p.type = Integer;
  p.min = min;
  p.max = max;
  p.default_integer = fallback;
  p.description = description;
  return p;
}

ParamSpec boolean_param(std::string_view name, std::string_view cli, bool fallback, std::string_view description) {
  ParamSpec p;
  p.name = name;
  p.cli = cli;
  p.type = Boolean;
  p.default_boolean = fallback;
  p.cli_negates = fallback;
  p.description = description;
  return p;
}

ParamSpec choice_param(std::string_view name, std::string_view cli, std::span<const std::string_view> choices,
                       std::string_view fallback, std::string_view description) {
  ParamSpec p;
  p.name = name;
  p.cli = cli;
  p.type = Choice;
  p.choices = choices;
  p.default_choice = fallback;
  p.description = description;
  return p;
}

ParamSpec object_param(std::string_view name, std::string_view description) {
  ParamSpec p;
  p.name = name;
  p.type = Object;
  p.description = description;
  return p;
}

ParamSpec number_list_param(std::string_view name, std::string_view cli, std::string_view description) {
  ParamSpec p;
  p.name = name;
  p.cli = cli;
  p.type = NumberList;
  p.description = description;
  p.required = true;
  return p;
}

ParamSpec string_list_param(std::string_view name, std::string_view description) {
  ParamSpec p;
  p.name = name;
  p.type = StringList;
  p.description = description;
  p.required = true;
  return p;
}

ParamSpec choice_list_param(std::string_view name, std::string_view cli, std::span<const std::string_view> choices,
                            std::string_view description) {
  ParamSpec p;
  p.name = name;
  p.cli = cli;
  p.type = ChoiceList;
  p.choices = choices;
  p.description = description;
  return p;
}

Result<CheckedArguments> CheckedArguments::check(std::string_view owner, std::span<const ParamSpec> params,
                                                 const Arguments& arguments) {
  CheckedArguments out;
  for (const auto& [name, value] : arguments) {
    const auto param = std::find_if(params.begin(), params.end(),
                                    [&name = name](const ParamSpec& p) { return p.name == name; });
    if (param == params.end()) {
      std::vector<std::string_view> names;
      for (const ParamSpec& p : params) names.push_back(p.name);
      return invalid(fmt::format("{} has no parameter '{}' (it takes {})", owner, name, fmt::join(names, ", ")));
    }
    if (out.find(param->name) != nullptr) return invalid(fmt::format("'{}' is given twice", param->name));
    auto checked = check_value(*param, value);
    if (!checked.ok()) return std::move(checked).take_error();
    out.values_.emplace_back(param->name, std::move(checked).value());
  }
  for (const ParamSpec& param : params) {
    if (param.required && out.find(param.name) == nullptr) {
      return invalid(fmt::format("{} needs '{}': {}", owner, param.name, param.description));
    }
  }
  return out;
}

std::string CheckedArguments::text(std::string_view name) const {
  const ArgumentValue* v = find(name);
  return v != nullptr ? std::get<std::string>(*v) : std::string();
}

std::int64_t CheckedArguments::integer(const ParamSpec& spec) const {
  const ArgumentValue* v = find(spec.name);
  return v != nullptr ? std::get<std::int64_t>(*v) : spec.default_integer;
}

bool CheckedArguments::boolean(const ParamSpec& spec) const {
  const ArgumentValue* v = find(spec.name);
  return v != nullptr ? std::get<bool>(*v) : spec.default_boolean;
}

std::string CheckedArguments::choice(const ParamSpec& spec) const {
  const ArgumentValue* v = find(spec.name);
  return v != nullptr ? std::get<std::string>(*v) : std::string(spec.default_choice);
}

std::optional<std::string> CheckedArguments::object(std::string_view name) const {
  const ArgumentValue* v = find(name);
  if (v == nullptr) return std::nullopt;
  return std::get<JsonObjectText>(*v).text;
}

std::vector<std::string> CheckedArguments::texts(std::string_view name) const {
  const ArgumentValue* v = find(name);
  return v != nullptr ? std::get<std::vector<std::string>>(*v) : std::vector<std::string>{};
}

std::vector<double> CheckedArguments::numbers(std::string_view name) const {
  const ArgumentValue* v = find(name);
  return v != nullptr ? std::get<std::vector<double>>(*v) : std::vector<double>{};
}

const ArgumentValue* CheckedArguments::find(std::string_view name) const {
  for (const auto& [key, value] : values_) {
    if (key == name) return &value;
  }
  return nullptr;
}

}  // namespace trellis::queries
