// The console's line handling on the shop fixture, without a terminal:
// multi-line statements run at ';', tables with the row count and time,
// :param, :params, :explain, :schema, :help, :clear, :quit, and errors
// with a caret under the position.
#include "trellis/console/console.hpp"

#include <doctest/doctest.h>

#include <regex>
#include <string>

#include "engine/queries/query_test_graphs.hpp"

namespace {

using trellis::console::Console;

// The time of a run varies: "(0.42 ms)" becomes "(T ms)".
std::string untimed(const std::string& text) {
  return std::regex_replace(text, std::regex(R"(\(\d+\.\d\d ms\))"), "(T ms)");
}

Console shop_console() {
  return Console(trellis::testing::shop_store(), {}, {});
}

}  // namespace

TEST_CASE("console: a statement runs when ';' ends it, over several lines") {
  Console console = shop_console();
  CHECK(console.prompt() == "trellis> ");
  CHECK(console.feed("MATCH (f:Function)") == "");
  CHECK(console.prompt() == "      -> ");
  CHECK(console.pending() == "MATCH (f:Function)");
  CHECK(untimed(console.feed("RETURN f.qualified_name ORDER BY f.name LIMIT 2;")) ==
        "f.qualified_name\n"
        "----------------\n"
        "shop.star.plain._private\n"
        "shop.cycle_a.a\n"
        "2 rows (T ms)\n");
  CHECK(console.pending().empty());
  CHECK(console.prompt() == "trellis> ");
}

TEST_CASE("console: several statements on one line, strings with ';', the rest kept open") {
  Console console = shop_console();
  CHECK(untimed(console.feed("RETURN 'a;b' AS s; RETURN 1 AS one; RETURN")) ==
        "s\n-\na;b\n1 row (T ms)\n"
        "one\n---\n1\n1 row (T ms)\n");
  CHECK(console.pending() == " RETURN");
  CHECK(untimed(console.feed("2 AS two;")) == "two\n---\n2\n1 row (T ms)\n");
  CHECK(console.feed("") == "");
  CHECK(console.feed(";") == "");
  CHECK(console.pending().empty());
}

TEST_CASE("console: :param sets, replaces and unsets parameters used by queries") {
  Console console = shop_console();
  CHECK(console.feed(":params") == "no parameters set (:param name => value)\n");
  CHECK(console.feed(":param q => 'shop.util.log.log'") == "$q = shop.util.log.log\n");
  CHECK(console.feed(":param n => 2") == "$n = 2\n");
  CHECK(console.feed(":param n => [1, 2]") == "$n = [1, 2]\n");
  CHECK(console.feed(":params") == "$q = shop.util.log.log\n$n = [1, 2]\n");
  CHECK(untimed(console.feed("MATCH (f {qualified_name: $q})<-[:CALLS]-(g) RETURN DISTINCT "
                             "g.qualified_name AS caller ORDER BY caller;")) ==
        "caller\n------\n"
        "shop.models.Base.save\n"
        "shop.models.User.validate\n"
        "shop.services.auth.AuthService.login\n"
        "3 rows (T ms)\n");
  CHECK(console.feed(":param n") == "$n unset\n");
  CHECK(console.feed(":param n") == "$n is not set\n");
  CHECK(console.feed(":param x => {bad").rfind("error: ", 0) == 0);
  CHECK(console.feed(":param => 1") ==
        "usage: :param name => value   (value as JSON: 'text', 42, [1, 2], {\"a\": 1})\n");
}

TEST_CASE("console: errors print the message, suggestions and a caret under the position") {
  Console console = shop_console();
  CHECK(console.feed("MATCH (n)\nRETURN n.name +;") ==
        "error: Unexpected end of input: expected an expression (line 2, column 16)\n"
        "  RETURN n.name +\n"
        "                 ^\n");
  CHECK(console.feed("MATCH (n) DELETE n;") ==
        "error: DELETE is not allowed: Cypher in Trellis is read-only (line 1, column 11)\n"
        "  MATCH (n) DELETE n\n"
        "            ^\n");
  CHECK(console.feed(":nope") == "unknown command :nope (:help lists the commands)\n");
}

TEST_CASE("console: :explain prints the plan without rows; :schema and :help list what is there") {
  Console console = shop_console();
  const std::string plan = console.feed(":explain MATCH (f:Function) RETURN f.name;");
  CHECK(plan.find("rows") == std::string::npos);
  CHECK(plan.find("Function") != std::string::npos);
  CHECK(console.feed(":explain") == "usage: :explain QUERY\n");
  const std::string schema = console.feed(":schema");
  CHECK(schema.find("  :Function         file_path, line_start, line_end, byte_start, byte_end, "
                    "language, decorators, "
                    "docstring, is_async, complexity\n") != std::string::npos);
  CHECK(schema.find("\n  :ExternalPackage\n") != std::string::npos);
  CHECK(schema.find("  :CALLS       (Module|Function|Method)-->(Function|Method|Class) {call_type, "
                    "line}\n") != std::string::npos);
  CHECK(console.feed(":help").find(":param name => value") != std::string::npos);
}

TEST_CASE("console: :clear drops an unfinished statement; :quit ends the session") {
  Console console = shop_console();
  CHECK(console.feed("MATCH (n") == "");
  CHECK(console.feed(":clear") == "");
  CHECK(console.pending().empty());
  CHECK_FALSE(console.finished());
  CHECK(console.feed(":quit") == "");
  CHECK(console.finished());
}
