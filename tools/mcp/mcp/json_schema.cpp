#include "mcp/json_schema.hpp"

namespace trellis::mcp {
namespace {

using queries::ParamType;

std::string_view json_type(ParamType type) {
  switch (type) {
    case ParamType::String:
    case ParamType::Choice: return "string";
    case ParamType::Integer: return "integer";
    case ParamType::Boolean: return "boolean";
    case ParamType::Object: return "object";
    case ParamType::StringList:
    case ParamType::ChoiceList:
    case ParamType::NumberList: return "array";
  }
  return "string";
}

void write_property(output::JsonTextWriter& w, const queries::ParamSpec& p) {
  w.begin_object();
  w.key("type");
  w.string(json_type(p.type));
  w.key("description");
  w.string(p.description);
  switch (p.type) {
    case ParamType::String:
      w.key("minLength");
      w.integer(1);
      break;
    case ParamType::Integer:
      w.key("minimum");
      w.integer(p.min);
      w.key("maximum");
      w.integer(p.max);
      if (!p.required) {
        w.key("default");
        w.integer(p.default_integer);
      }
      break;
    case ParamType::Boolean:
      if (!p.required) {
        w.key("default");
        w.boolean(p.default_boolean);
      }
      break;
    case ParamType::Choice:
      w.key("enum");
      w.begin_array();
      for (const std::string_view choice : p.choices) w.string(choice);
      w.end_array();
      if (!p.required) {
        w.key("default");
        w.string(p.default_choice);
      }
      break;
    case ParamType::Object: break;
    case ParamType::NumberList:
      w.key("items");
      w.begin_object();
      w.key("type");
      w.string("number");
      w.end_object();
      w.key("minItems");
      w.integer(1);
      break;
    case ParamType::StringList:
      w.key("items");
      w.begin_object();
      w.key("type");
      w.string("string");
      w.key("minLength");
      w.integer(1);
      w.end_object();
      w.key("minItems");
      w.integer(1);
      break;
    case ParamType::ChoiceList:
      w.key("items");
      w.begin_object();
      w.key("type");
      w.string("string");
      w.key("enum");
      w.begin_array();
      for (const std::string_view choice : p.choices) w.string(choice);
      w.end_array();
      w.end_object();
      w.key("uniqueItems");
      w.boolean(true);
      break;
  }
  w.end_object();
}

}  // namespace

void write_input_schema(output::JsonTextWriter& w, std::span<const queries::ParamSpec> params) {
  w.begin_object();
  w.key("type");
  w.string("object");
  w.key("properties");
  w.begin_object();
  for (const queries::ParamSpec& p : params) {
    w.key(p.name);
    write_property(w, p);
  }
  w.end_object();
  w.key("required");
  w.begin_array();
  for (const queries::ParamSpec& p : params) {
    if (p.required) w.string(p.name);
  }
  w.end_array();
  w.key("additionalProperties");
  w.boolean(false);
  w.end_object();
}

}  // namespace trellis::mcp
