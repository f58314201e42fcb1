// Refusals: syntax errors with line, column and what was expected; write
// clauses refused as READ_ONLY; nesting too deep refused before the stack is.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cypher/parse_helpers.hpp"

using trellis::cypher::parse_cypher;
using trellis::cypher::test::parsed;

namespace {

struct Refusal {
  std::string code;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  std::string message;
};

Refusal refusal(std::string_view text) {
  auto result = parse_cypher(text);
  REQUIRE_FALSE(result.ok());
  const auto& error = result.error();
  Refusal out{std::string(trellis::to_string(error.code)), 0, 0, error.message};
  if (error.position) {
    out.line = error.position->line;
    out.column = error.position->column;
  }
  return out;
}

}  // namespace

TEST_CASE("syntax errors say where (line, column) and what was expected") {
  auto e = refusal("MATCH (n RETURN n");
  CHECK(e.code == "CYPHER_SYNTAX_ERROR");
  CHECK(e.line == 1);
  CHECK(e.column == 10);
  CHECK(e.message == "Invalid input 'RETURN': expected ')' (line 1, column 10)");

  e = refusal("MATCH (n)\nRETURN n.name +");
  CHECK(e.line == 2);
  CHECK(e.column == 16);
  CHECK(e.message == "Unexpected end of input: expected an expression (line 2, column 16)");

  e = refusal("MATCH (n) RETRUN n");
  CHECK(e.column == 11);
  CHECK(e.message ==
        "Invalid input 'RETRUN': expected a clause (MATCH, OPTIONAL MATCH, UNWIND, WITH, RETURN), "
        "UNION or the end of "
        "the statement (line 1, column 11)");

  e = refusal("");
  CHECK(e.message ==
        "Unexpected end of input: expected a clause (MATCH, OPTIONAL MATCH, UNWIND, WITH or "
        "RETURN) (line 1, column 1)");
  e = refusal("  // only a comment\n");
  CHECK(e.line == 2);
  CHECK(e.column == 1);

  CHECK(parsed("MATCH (a)-[:CALLS->(b) RETURN a") ==
        "CYPHER_SYNTAX_ERROR: Invalid input '-': expected ']' (line 1, column 18)");
  CHECK(parsed("MATCH (a)-[:CALLS]-> RETURN a") ==
        "CYPHER_SYNTAX_ERROR: Invalid input 'RETURN': expected a node pattern '(...)' (line 1, "
        "column 22)");
  CHECK(parsed("MATCH (a)-[:CALLS]>(b) RETURN a") ==
        "CYPHER_SYNTAX_ERROR: Invalid input '>': expected '-' (line 1, column 19)");
  CHECK(parsed("RETURN {a 1}") ==
        "CYPHER_SYNTAX_ERROR: Invalid input 'a': expected '}' (line 1, column 9)");
  CHECK(parsed("RETURN [1, 2") ==
        "CYPHER_SYNTAX_ERROR: Unexpected end of input: expected ']' (line 1, column 13)");
  CHECK(parsed("RETURN 'abc") ==
        "CYPHER_SYNTAX_ERROR: Unexpected end of input: expected ''' (line 1, column 12)");
  CHECK(parsed("RETURN 'a\\qb'") ==
        "CYPHER_SYNTAX_ERROR: Invalid input '\\': expected an escape sequence (\\n, \\t, \\', "
        "\\\", \\\\, \\uXXXX) (line 1, column 10)");
  CHECK(parsed("MATCH (n) WHERE n.x IS 3 RETURN n") ==
        "CYPHER_SYNTAX_ERROR: Invalid input '3': expected NULL (line 1, column 24)");
  CHECK(parsed("RETURN CASE 1 END") ==
        "CYPHER_SYNTAX_ERROR: Invalid input 'END': expected WHEN (line 1, column 15)");
  CHECK(parsed("MATCH (n) RETURN n ORDER n") ==
        "CYPHER_SYNTAX_ERROR: Invalid input 'n': expected BY (line 1, column 26)");
  CHECK(parsed("UNWIND [1] x RETURN x") ==
        "CYPHER_SYNTAX_ERROR: Invalid input 'x': expected AS (line 1, column 12)");
  CHECK(parsed("MATCH (n) RETURN") ==
        "CYPHER_SYNTAX_ERROR: Unexpected end of input: expected '*' or an expression (line 1, "
        "column 17)");
  CHECK(parsed("RETURN 99999999999999999999") ==
        "CYPHER_SYNTAX_ERROR: Invalid input '99999999999999999999': Integer literal out of range "
        "(at most "
        "9223372036854775807) (line 1, column 8)");
  CHECK(parsed("RETURN [1 WHERE x]") ==
        "CYPHER_SYNTAX_ERROR: Invalid input '1': A list comprehension starts with `variable IN "
        "list` before WHERE or | "
        "(line 1, column 9)");
  // An unterminated comment is not a comment: `/` divides, then `*` is no expression.
  CHECK(parsed("RETURN 1 /* unterminated") ==
        "CYPHER_SYNTAX_ERROR: Invalid input '*': expected an expression (line 1, column 11)");
  CHECK(parsed("RETURN 1; RETURN 2") ==
        "CYPHER_SYNTAX_ERROR: Invalid input 'RETURN': expected the end of the input (one statement "
        "at a time) "
        "(line 1, column 11)");
}

TEST_CASE("reserved words are not variables unless backticked") {
  CHECK(parsed("MATCH (match) RETURN 1") ==
        "CYPHER_SYNTAX_ERROR: Invalid input 'match': expected ')' (line 1, column 8)");
  CHECK(
      parsed("WITH 1 AS return RETURN 1") ==
      "CYPHER_SYNTAX_ERROR: Invalid input 'return': expected a variable name (line 1, column 11)");
}

TEST_CASE("clause order: a query ends with exactly one RETURN") {
  CHECK(parsed("MATCH (n) WITH n") ==
        "CYPHER_SYNTAX_ERROR: Unexpected end of input: Query cannot conclude with WITH (must be a "
        "RETURN clause) "
        "(line 1, column 17)");
  CHECK(parsed("MATCH (n)") ==
        "CYPHER_SYNTAX_ERROR: Unexpected end of input: Query cannot conclude with MATCH (must be a "
        "RETURN clause) "
        "(line 1, column 10)");
  CHECK(parsed("RETURN 1 RETURN 2") ==
        "CYPHER_SYNTAX_ERROR: Invalid input 'RETURN': RETURN ends a query; expected UNION or the "
        "end of the statement "
        "(line 1, column 10)");
  CHECK(parsed("RETURN 1 AS x UNION RETURN 2 AS x UNION ALL RETURN 3 AS x") ==
        "CYPHER_SYNTAX_ERROR: Invalid input 'RETURN': UNION and UNION ALL cannot be mixed in one "
        "query (line 1, column 1)");
}

TEST_CASE("every write clause is refused with READ_ONLY naming it") {
  const std::pair<const char*, const char*> cases[] = {
      {"CREATE (n:Function {name: 'x'})", "CREATE"},
      {"MATCH (n) CREATE (n)-[:CALLS]->(m)", "CREATE"},
      {"MERGE (n:Function {name: 'x'}) RETURN n", "MERGE"},
      {"MATCH (n) SET n.name = 'y' RETURN n", "SET"},
      {"MATCH (n) DELETE n", "DELETE"},
      {"MATCH (n) DETACH DELETE n", "DETACH DELETE"},
      {"MATCH (n) REMOVE n.name RETURN n", "REMOVE"},
      {"LOAD CSV FROM 'file:///x.csv' AS row RETURN row", "LOAD CSV"},
      {"CALL db.labels()", "CALL"},
      {"CALL db.labels() YIELD label RETURN label", "CALL"},
      {"MATCH (n) FOREACH (x IN [1] | SET n.y = x)", "FOREACH"},
      {"match (n) with n detach delete n", "DETACH DELETE"},
      {"RETURN 1 AS x UNION MATCH (n) DELETE n", "DELETE"},
      {"MATCH (n) SET n.s = 'a;b' RETURN n", "SET"},
  };
  for (const auto& [case_text, clause] : cases) {
    const auto& text = case_text;  // doctest's CAPTURE takes it in a lambda: not a structured binding
    CAPTURE(text);
    const Refusal e = refusal(text);
    CHECK(e.code == "READ_ONLY");
    CHECK(e.message.rfind(std::string(clause) + " is not allowed: Cypher in Trellis is read-only",
                          0) == 0);
  }
  const Refusal e = refusal("MATCH (n)\n  SET n.x = 1");
  CHECK(e.line == 2);
  CHECK(e.column == 3);
  CHECK(e.message == "SET is not allowed: Cypher in Trellis is read-only (line 2, column 3)");
}

TEST_CASE("nesting deeper than kMaxNestingDepth is a syntax error, not a crash") {
  const auto depth = trellis::cypher::kMaxNestingDepth;
  std::string ok = "RETURN " + std::string(depth - 1, '(') + "1" + std::string(depth - 1, ')');
  CHECK(parse_cypher(ok).ok());
  std::string deep = "RETURN " + std::string(100000, '(') + "1" + std::string(100000, ')');
  auto e = refusal(deep);
  CHECK(e.code == "CYPHER_SYNTAX_ERROR");
  CHECK(e.message.find("nested too deeply") != std::string::npos);
  CHECK(refusal("RETURN " + std::string(100000, '[')).message.find("nested too deeply") !=
        std::string::npos);
  std::string nots = "RETURN ";
  for (int i = 0; i < 100000; ++i) nots += "NOT ";
  CHECK(refusal(nots + "true").message.find("nested too deeply") != std::string::npos);
  CHECK(refusal("RETURN " + std::string(100000, '-') + "1").message.find("nested too deeply") !=
        std::string::npos);
  std::string maps = "RETURN ";
  for (int i = 0; i < 10000; ++i) maps += "{a: ";
  CHECK(refusal(maps).message.find("nested too deeply") != std::string::npos);
}

TEST_CASE("a pattern is parsed once whether it turns out a call argument or a predicate") {
  // exists(<pattern> + 1) is a call whose argument starts with a pattern; a
  // grammar that tried the pattern predicate first and then the call would
  // parse each level twice (2^25 times the innermost here).
  std::string text = "1";
  for (int i = 0; i < 25; ++i) text = "exists((a {x: " + text + "})-->(b) + 1)";
  CHECK(parse_cypher("RETURN " + text).ok());
  CHECK(parsed("RETURN exists((a)-->()), exists(n.x)") ==
        "(query (return (item (exists (element (node a) (rel ->) (node))) \"exists((a)-->())\") "
        "(item (call exists (prop (var n) x)) \"exists(n.x)\")))");
}

TEST_CASE("operator chains are bounded by kMaxExpressionHeight; lists and patterns are flat") {
  // A chain folds into a left-deep tree: its length is the AST's height, which
  // every recursive walk over the AST (and its destructor) pays in stack.
  const auto height = trellis::cypher::kMaxExpressionHeight;
  auto sum = [](std::size_t terms) {
    std::string text = "RETURN 1";
    for (std::size_t i = 1; i < terms; ++i) text += " + 1";
    return text;
  };
  CHECK(parse_cypher(sum(height - 10)).ok());
  auto e = refusal(sum(20000));
  CHECK(e.code == "CYPHER_SYNTAX_ERROR");
  CHECK(e.message.find("Expression too tall (at most 1000 chained operators and nesting levels)") !=
        std::string::npos);
  std::string properties = "RETURN n";
  for (int i = 0; i < 5000; ++i) properties += ".p";
  CHECK(refusal("MATCH (n) " + properties).message.find("Expression too tall") !=
        std::string::npos);
  std::string ors = "RETURN (true";
  for (int i = 0; i < 600; ++i) ors += " OR (false";
  ors += std::string(601, ')');
  CHECK(refusal(ors).message.find("nested too deeply") != std::string::npos);
  std::string list = "RETURN [0";
  for (int i = 0; i < 20000; ++i) list += ", 1";
  CHECK(parse_cypher(list + "]").ok());
  std::string chain = "MATCH (a0)";
  for (int i = 1; i < 2000; ++i) chain += "-->(a" + std::to_string(i) + ")";
  CHECK(parse_cypher(chain + " RETURN a0").ok());
  std::string comparisons = "RETURN 0";
  for (int i = 0; i < 5000; ++i) comparisons += " < 1";
  CHECK(parse_cypher(comparisons).ok());
}

namespace {

std::vector<std::string> suggestions_for(std::string_view text) {
  auto result = parse_cypher(text);
  REQUIRE_FALSE(result.ok());
  return result.error().suggestions;
}

}  // namespace

TEST_CASE("a misspelt keyword where the grammar stops gets the nearest keywords as suggestions") {
  using Keywords = std::vector<std::string>;
  CHECK(suggestions_for("MATCH (f) RETRUN f") == Keywords{"RETURN"});
  CHECK(suggestions_for("MACTH (f) RETURN f") == Keywords{"MATCH"});
  CHECK(suggestions_for("match (f) retrun f") == Keywords{"RETURN"});
  CHECK(suggestions_for("MATCH (f) RETURN f LIMT 3") == Keywords{"LIMIT"});
  CHECK(suggestions_for("MATCH (f) RETURN f ODRER BY f.name") == Keywords{"ORDER"});
  CHECK(suggestions_for("MATCH (f) WHER f.name = 'x' RETURN f") == Keywords{"WHERE", "WHEN", "THEN"});
  // The message is unchanged; the suggestions ride beside it.
  CHECK(refusal("MATCH (f) RETRUN f").message ==
        "Invalid input 'RETRUN': expected a clause (MATCH, OPTIONAL MATCH, UNWIND, WITH, RETURN), UNION or the end "
        "of the statement (line 1, column 11)");
  // Nothing for a keyword out of place, punctuation, the end of input or a word far from any keyword.
  CHECK(suggestions_for("MATCH (f) RETURN f RETURN f").empty());
  CHECK(suggestions_for("MATCH (n RETURN n").empty());
  CHECK(suggestions_for("MATCH (f)").empty());
  CHECK(suggestions_for("MATCH (f) xyzzyq f").empty());
}
