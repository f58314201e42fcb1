#include <fmt/format.h>

#include <limits>
#include <nlohmann/json.hpp>

#include "trellis/cypher/cypher_engine.hpp"

namespace trellis::cypher {
namespace {

Value convert(const nlohmann::ordered_json& json) {
  switch (json.type()) {
    case nlohmann::ordered_json::value_t::null: return {};
    case nlohmann::ordered_json::value_t::boolean: return json.get<bool>();
    case nlohmann::ordered_json::value_t::number_integer: return json.get<std::int64_t>();
    case nlohmann::ordered_json::value_t::number_unsigned: {
      const auto v = json.get<std::uint64_t>();
      if (v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return static_cast<double>(v);
      return static_cast<std::int64_t>(v);
    }
    case nlohmann::ordered_json::value_t::number_float: return json.get<double>();
    case nlohmann::ordered_json::value_t::string: return json.get<std::string>();
    case nlohmann::ordered_json::value_t::array: {
      ValueList list;
      for (const auto& item : json) list.push_back(convert(item));
      return list;
    }
    case nlohmann::ordered_json::value_t::object: {
      ValueMap map;
      for (const auto& [key, item] : json.items()) map.emplace_back(key, convert(item));
      return map;
    }
    default: return {};
  }
}

}  // namespace

Result<Value> value_from_json(std::string_view text) {
  const auto json = nlohmann::ordered_json::parse(text, nullptr, false);
  if (json.is_discarded()) {
    return make_error(ErrorCode::InvalidArgument, fmt::format("Not a JSON value: {}", text));
  }
  return convert(json);
}

}  // namespace trellis::cypher
