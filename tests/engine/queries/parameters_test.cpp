// Checking arguments against parameter declarations (shared by the query
// catalog and the MCP tools): objects, duplicates, defaults.
#include <doctest/doctest.h>

#include "trellis/queries/parameters.hpp"

using namespace trellis;
using namespace trellis::queries;

namespace {

const ParamSpec kParams[] = {
    string_param("query", "the text"),
    object_param("parameters", "values by name"),
    integer_param("limit", "--limit", 1, 1000, 50, "rows"),
};

}  // namespace

TEST_CASE("parameters: an object argument is kept as its text, defaults fill the rest") {
  auto checked = CheckedArguments::check("tool", kParams,
                                         {{"query", std::string("MATCH")}, {"parameters", JsonObjectText{R"({"a":1})"}}});
  REQUIRE(checked.ok());
  CHECK(checked->text("query") == "MATCH");
  CHECK(checked->object("parameters") == R"({"a":1})");
  CHECK(checked->integer(kParams[2]) == 50);
  auto without = CheckedArguments::check("tool", kParams, {{"query", std::string("x")}});
  REQUIRE(without.ok());
  CHECK_FALSE(without->object("parameters").has_value());
}

TEST_CASE("parameters: an object where a value is wanted, a value where an object is, and duplicates are refused") {
  auto object_for_integer = CheckedArguments::check(
      "tool", kParams, {{"query", std::string("x")}, {"limit", JsonObjectText{"{}"}}});
  REQUIRE_FALSE(object_for_integer.ok());
  CHECK(object_for_integer.error().message == "'limit' must be an integer from 1 to 1000, not an object");
  auto text_for_object = CheckedArguments::check(
      "tool", kParams, {{"query", std::string("x")}, {"parameters", std::string("{}")}});
  REQUIRE_FALSE(text_for_object.ok());
  CHECK(text_for_object.error().message == "'parameters' must be an object, not a string");
  auto twice = CheckedArguments::check("tool", kParams, {{"query", std::string("x")}, {"query", std::string("y")}});
  REQUIRE_FALSE(twice.ok());
  CHECK(twice.error().code == ErrorCode::InvalidArgument);
  CHECK(twice.error().message == "'query' is given twice");
}
