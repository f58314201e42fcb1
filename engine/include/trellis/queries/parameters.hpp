// Parameters declared once and checked in one place: the CLI's options, the
// MCP server's JSON Schemas and both front ends' validation are built from
// a tool's ParamSpec list (query_catalog.hpp declares the structural
// queries'; the MCP server declares its own tools' the same way).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "trellis/common/error.hpp"

namespace trellis::queries {

// Object: a JSON object passed through as its text (e.g. Cypher's
// `parameters`); the CLI has no spelling for it. StringList: one or more
// non-empty strings (a JSON array; on the CLI, the remaining positional
// arguments); a single string is taken as a list of one. ChoiceList: some
// of the choices (a JSON array of them; on the CLI and as a JSON string,
// comma-separated: `--fields docstring,decorators`). NumberList: one or
// more finite numbers (a JSON array; on the CLI, the path of a file holding
// them, `-` for stdin, as the command that declares it reads it).
enum class ParamType { String, Integer, Boolean, Choice, Object, StringList, ChoiceList, NumberList };

struct ParamSpec {
  std::string_view name;  // data-model and MCP name: "max_depth"
  // CLI spelling: "" for a positional argument, "--depth" for an option; a
  // Boolean whose CLI flag turns it off (default true) sets cli_negates.
  std::string_view cli;
  ParamType type = ParamType::String;
  std::string_view description;
  bool required = false;
  std::int64_t min = 0;  // Integer: inclusive range and default
  std::int64_t max = 0;
  std::int64_t default_integer = 0;
  bool default_boolean = false;
  std::span<const std::string_view> choices;  // Choice, ChoiceList: allowed values; Choice: default
  std::string_view default_choice;
  bool cli_negates = false;
};

// Declarations of each kind. A Boolean whose default is true is turned off
// by its CLI flag (cli_negates).
ParamSpec string_param(std::string_view name, std::string_view description, bool required = true);
// An optional String given on the CLI as an option (`--language python`).
ParamSpec string_option(std::string_view name, std::string_view cli, std::string_view description);
ParamSpec integer_param(std::string_view name, std::string_view cli, std::int64_t min, std::int64_t max,
                        std::int64_t fallback, std::string_view description);
ParamSpec boolean_param(std::string_view name, std::string_view cli, bool fallback, std::string_view description);
ParamSpec choice_param(std::string_view name, std::string_view cli, std::span<const std::string_view> choices,
                       std::string_view fallback, std::string_view description);
ParamSpec object_param(std::string_view name, std::string_view description);
ParamSpec string_list_param(std::string_view name, std::string_view description);
// Required; `cli` spells the option that names the file holding the numbers.
ParamSpec number_list_param(std::string_view name, std::string_view cli, std::string_view description);
// Optional; absent means none of the choices.
ParamSpec choice_list_param(std::string_view name, std::string_view cli, std::span<const std::string_view> choices,
                            std::string_view description);

// The text of a JSON object argument, exactly as given.
struct JsonObjectText {
  std::string text;
  bool operator==(const JsonObjectText&) const = default;
};

// Arguments by parameter name, as a user or agent gave them.
using ArgumentValue =
    std::variant<std::string, std::int64_t, bool, JsonObjectText, std::vector<std::string>, std::vector<double>>;
using Arguments = std::vector<std::pair<std::string, ArgumentValue>>;

// The arguments of one call, checked against their declarations; readers
// fall back to each parameter's default.
class CheckedArguments {
 public:
  // INVALID_ARGUMENT naming the parameter and what it accepts for an unknown
  // parameter, a value of the wrong type, out of range or not among the
  // choices, an empty string, or a missing required parameter. `owner`
  // names the tool in messages ("query_callers").
  static Result<CheckedArguments> check(std::string_view owner, std::span<const ParamSpec> params,
                                        const Arguments& arguments);

  // The value of a String parameter ("" when absent and optional).
  std::string text(std::string_view name) const;
  std::int64_t integer(const ParamSpec& spec) const;
  bool boolean(const ParamSpec& spec) const;
  std::string choice(const ParamSpec& spec) const;
  // The object's text; nullopt when absent.
  std::optional<std::string> object(std::string_view name) const;
  // A StringList's strings, or a ChoiceList's choices in the order given
  // (empty when absent and optional).
  std::vector<std::string> texts(std::string_view name) const;
  // A NumberList's numbers (empty when absent).
  std::vector<double> numbers(std::string_view name) const;

 private:
  const ArgumentValue* find(std::string_view name) const;

  std::vector<std::pair<std::string_view, ArgumentValue>> values_;
};

}  // namespace trellis::queries
