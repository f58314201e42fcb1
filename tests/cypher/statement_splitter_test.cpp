// Splitting piped input and the console's buffer into statements.
#include "trellis/cypher/statement_splitter.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using trellis::cypher::is_blank;
using trellis::cypher::script_position;
using trellis::cypher::split_script;

namespace {
std::vector<std::string> texts(std::string_view script) {
  std::vector<std::string> out;
  for (const auto& statement : split_script(script).statements) out.emplace_back(statement.text);
  return out;
}
}  // namespace

TEST_CASE("statements end at ';' outside strings, backticks and comments") {
  CHECK(texts("RETURN 1; RETURN 2;") == std::vector<std::string>{"RETURN 1", " RETURN 2"});
  CHECK(texts("RETURN 'a;b'; RETURN \"c;\\\"d\";") ==
        std::vector<std::string>{"RETURN 'a;b'", " RETURN \"c;\\\"d\""});
  CHECK(texts("RETURN 'it\\'s;';") == std::vector<std::string>{"RETURN 'it\\'s;'"});
  CHECK(texts("RETURN `a;b`;") == std::vector<std::string>{"RETURN `a;b`"});
  CHECK(texts("RETURN 1 // x; y\n;") == std::vector<std::string>{"RETURN 1 // x; y\n"});
  CHECK(texts("RETURN /* ; */ 1;") == std::vector<std::string>{"RETURN /* ; */ 1"});
}

TEST_CASE("blank statements are dropped; the unterminated tail is the remainder") {
  const auto split = split_script(";; // nothing\n ; RETURN 1;\n  RETURN 2");
  REQUIRE(split.statements.size() == 1);
  CHECK(split.statements[0].text == " RETURN 1");
  CHECK(split.remainder.text == "\n  RETURN 2");
  CHECK_FALSE(is_blank(split.remainder.text));
  CHECK(is_blank(split_script("RETURN 1; /* c */ \n").remainder.text));
  CHECK(is_blank(""));
  CHECK(is_blank("  // a\n/* b */\t"));
  CHECK_FALSE(is_blank("/* b */ x"));
  CHECK(split_script("RETURN 'open; string").statements.empty());
  CHECK(split_script("RETURN 'open; string").remainder.text == "RETURN 'open; string");
}

TEST_CASE("statement positions map errors back to the script") {
  const auto split = split_script("RETURN 1;\nRETURN 2; MATCH (n)\nRETURN n;");
  REQUIRE(split.statements.size() == 3);
  CHECK(split.statements[1].text == "\nRETURN 2");  // a statement starts right after the ';'
  CHECK(split.statements[1].line == 1);
  CHECK(split.statements[1].column == 10);
  CHECK(split.statements[2].line == 2);
  CHECK(split.statements[2].column == 10);
  CHECK(split.statements[2].offset == 19);
  const auto on_first_line = script_position(split.statements[2], {1, 3});
  CHECK(on_first_line.line == 2);
  CHECK(on_first_line.column == 12);
  const auto on_second_line = script_position(split.statements[2], {2, 4});
  CHECK(on_second_line.line == 3);
  CHECK(on_second_line.column == 4);
}
