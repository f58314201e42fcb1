// The grammar's expressions, printed as the AST's S-expression: every form of
// issue 5 and the precedence between operators.
#include <doctest/doctest.h>

#include "cypher/parse_helpers.hpp"

using trellis::cypher::test::expression;

TEST_CASE("literals: integers, floats, strings, booleans, null, lists and maps") {
  CHECK(expression("42") == "(int 42)");
  CHECK(expression("0x1F") == "(int 31)");
  CHECK(expression("0XfF") == "(int 255)");
  CHECK(expression("9223372036854775807") == "(int 9223372036854775807)");
  CHECK(expression("-7") == "(int -7)");
  CHECK(expression("1.5") == "(float 1.5)");
  CHECK(expression(".25") == "(float 0.25)");
  CHECK(expression("1e3") == "(float 1000.0)");
  CHECK(expression("2.5E-1") == "(float 0.25)");
  CHECK(expression("-0.5") == "(float -0.5)");
  CHECK(expression("'it''s'") != "(str \"it's\")");  // '' is not an escape in Cypher
  CHECK(expression("'a\\'b'") == "(str \"a'b\")");
  CHECK(expression("\"dq \\\"x\\\"\"") == "(str \"dq \\\"x\\\"\")");
  CHECK(expression("'tab\\there\\nnew'") == "(str \"tab\\there\\nnew\")");
  CHECK(expression("'\\u00e9\\U0001F600'") == "(str \"\xc3\xa9\xf0\x9f\x98\x80\")");
  CHECK(expression("'back\\\\slash'") == "(str \"back\\\\slash\")");
  CHECK(expression("TRUE") == "true");
  CHECK(expression("false") == "false");
  CHECK(expression("Null") == "null");
  CHECK(expression("[]") == "(list)");
  CHECK(expression("[1, 'a', [null]]") == "(list (int 1) (str \"a\") (list null))");
  CHECK(expression("{}") == "(map)");
  CHECK(expression("{name: 'x', `odd key`: 2, delete: 3}") ==
        "(map (name (str \"x\")) (odd key (int 2)) (delete (int 3)))");
}

TEST_CASE("parameters, variables, backticked names and property access") {
  CHECK(expression("$name") == "(param name)");
  CHECK(expression("$0") == "(param 0)");
  CHECK(expression("$`a b`") == "(param a b)");
  CHECK(expression("n") == "(var n)");
  CHECK(expression("`weird name`") == "(var weird name)");
  CHECK(expression("`a``b`") == "(var a`b)");
  CHECK(expression("n.name") == "(prop (var n) name)");
  CHECK(expression("n.deleted") == "(prop (var n) deleted)");
  CHECK(expression("n.`qualified name`.x") == "(prop (prop (var n) qualified name) x)");
  CHECK(expression("n.return") == "(prop (var n) return)");
  CHECK(expression("$map.key") == "(prop (param map) key)");
}

TEST_CASE("function calls, DISTINCT arguments and count(*)") {
  CHECK(expression("count(*)") == "(call count *)");
  CHECK(expression("COUNT( * )") == "(call count *)");
  CHECK(expression("count(n)") == "(call count (var n))");
  CHECK(expression("count(DISTINCT n.name)") == "(call count distinct (prop (var n) name))");
  CHECK(expression("collect(distinct x)") == "(call collect distinct (var x))");
  CHECK(expression("substring('abc', 1, 2)") == "(call substring (str \"abc\") (int 1) (int 2))");
  CHECK(expression("rand()") == "(call rand)");
  CHECK(expression("toLower(n.name)") == "(call toLower (prop (var n) name))");
  CHECK(expression("apoc.text.join(x, ',')") == "(call apoc.text.join (var x) (str \",\"))");
  CHECK(expression("exists(n.name)") == "(call exists (prop (var n) name))");
}

TEST_CASE("arithmetic precedence: ^ over unary over * / % over + -, left to right") {
  CHECK(expression("1 + 2 * 3") == "(+ (int 1) (* (int 2) (int 3)))");
  CHECK(expression("(1 + 2) * 3") == "(* (+ (int 1) (int 2)) (int 3))");
  CHECK(expression("1 - 2 - 3") == "(- (- (int 1) (int 2)) (int 3))");
  CHECK(expression("8 / 4 % 3 * 2") == "(* (% (/ (int 8) (int 4)) (int 3)) (int 2))");
  CHECK(expression("2 ^ 3 ^ 2") == "(^ (^ (int 2) (int 3)) (int 2))");
  CHECK(expression("-x ^ 2") == "(^ (neg (var x)) (int 2))");
  CHECK(expression("2 * -x") == "(* (int 2) (neg (var x)))");
  CHECK(expression("+x") == "(pos (var x))");
  CHECK(expression("- -1") == "(int 1)");  // signs of numeric literals fold
  CHECK(expression("- - x") == "(neg (neg (var x)))");
  CHECK(expression("a + b.c[0]") == "(+ (var a) (index (prop (var b) c) (int 0)))");
}

TEST_CASE("boolean precedence: NOT over AND over XOR over OR") {
  CHECK(expression("a OR b AND c") == "(or (var a) (and (var b) (var c)))");
  CHECK(expression("a XOR b OR c") == "(or (xor (var a) (var b)) (var c))");
  CHECK(expression("a OR b XOR c AND d") == "(or (var a) (xor (var b) (and (var c) (var d))))");
  CHECK(expression("NOT a AND b") == "(and (not (var a)) (var b))");
  CHECK(expression("NOT NOT a") == "(not (not (var a)))");
  CHECK(expression("not a = b") == "(not (= (var a) (var b)))");
  CHECK(expression("a and b or not c") == "(or (and (var a) (var b)) (not (var c)))");
}

TEST_CASE("comparisons, including chains") {
  CHECK(expression("a = b") == "(= (var a) (var b))");
  CHECK(expression("a <> b") == "(<> (var a) (var b))");
  CHECK(expression("a < b") == "(< (var a) (var b))");
  CHECK(expression("a <= b") == "(<= (var a) (var b))");
  CHECK(expression("a > b") == "(> (var a) (var b))");
  CHECK(expression("a >= b") == "(>= (var a) (var b))");
  CHECK(expression("1 < x <= 3") == "(chain (int 1) < (var x) <= (int 3))");
  CHECK(expression("(1 < x) = true") == "(= (< (int 1) (var x)) true)");
  CHECK(expression("a + 1 = b * 2") == "(= (+ (var a) (int 1)) (* (var b) (int 2)))");
  CHECK(expression("a < -1") == "(< (var a) (int -1))");
}

TEST_CASE("string, list and null predicates bind tighter than comparisons") {
  CHECK(expression("n.name STARTS WITH 'get'") ==
        "(starts-with (prop (var n) name) (str \"get\"))");
  CHECK(expression("n.name ends with 'Test'") == "(ends-with (prop (var n) name) (str \"Test\"))");
  CHECK(expression("n.name CONTAINS 'x' + 'y'") ==
        "(contains (prop (var n) name) (+ (str \"x\") (str \"y\")))");
  CHECK(expression("n.name =~ 'get.*'") == "(=~ (prop (var n) name) (str \"get.*\"))");
  CHECK(expression("x IN [1, 2]") == "(in (var x) (list (int 1) (int 2)))");
  CHECK(expression("x IN list = true") == "(= (in (var x) (var list)) true)");
  CHECK(expression("n.doc IS NULL") == "(is-null (prop (var n) doc))");
  CHECK(expression("n.doc IS NOT NULL") == "(is-not-null (prop (var n) doc))");
  CHECK(expression("n.doc is not null and n.x is null") ==
        "(and (is-not-null (prop (var n) doc)) (is-null (prop (var n) x)))");
  CHECK(expression("NOT x IN [1]") == "(not (in (var x) (list (int 1))))");
  CHECK(expression("n:Function") == "(has-labels (var n) Function)");
  CHECK(expression("n:Class:Interface") == "(has-labels (var n) Class Interface)");
}

TEST_CASE("CASE in its simple and generic forms") {
  CHECK(expression("CASE WHEN a THEN 1 WHEN b THEN 2 ELSE 3 END") ==
        "(case (when (var a) (int 1)) (when (var b) (int 2)) (else (int 3)))");
  CHECK(expression("CASE n.kind WHEN 'a' THEN 1 END") ==
        "(case (prop (var n) kind) (when (str \"a\") (int 1)))");
  CHECK(expression("case x when 1 then 'one' else 'many' end") ==
        "(case (var x) (when (int 1) (str \"one\")) (else (str \"many\")))");
}

TEST_CASE("list indexing, slicing and comprehensions") {
  CHECK(expression("list[0]") == "(index (var list) (int 0))");
  CHECK(expression("list[-1]") == "(index (var list) (int -1))");
  CHECK(expression("list[1..3]") == "(slice (var list) (int 1) (int 3))");
  CHECK(expression("list[..2]") == "(slice (var list) - (int 2))");
  CHECK(expression("list[2..]") == "(slice (var list) (int 2) -)");
  CHECK(expression("m['key']") == "(index (var m) (str \"key\"))");
  CHECK(expression("[1, 2, 3][0][1]") ==
        "(index (index (list (int 1) (int 2) (int 3)) (int 0)) (int 1))");
  CHECK(expression("[x IN range(1, 10) WHERE x % 2 = 0 | x * x]") ==
        "(comprehension x (call range (int 1) (int 10)) (where (= (% (var x) (int 2)) (int 0))) "
        "(map (* (var x) (var x))))");
  CHECK(expression("[x IN xs WHERE x > 1]") ==
        "(comprehension x (var xs) (where (> (var x) (int 1))))");
  CHECK(expression("[x IN xs | x.name]") == "(comprehension x (var xs) (map (prop (var x) name)))");
  CHECK(expression("[x IN xs]") == "(comprehension x (var xs))");
  CHECK(expression("[x IN xs, 2]") == "(list (in (var x) (var xs)) (int 2))");
  CHECK(expression("[y IN [x IN xs | x] | y]") ==
        "(comprehension y (comprehension x (var xs) (map (var x))) (map (var y)))");
}

TEST_CASE("pattern predicates, bare and in exists()") {
  CHECK(expression("(a)-[:CALLS]->()") ==
        "(exists (element (node a) (rel -> (types CALLS)) (node)))");
  CHECK(expression("exists((a)<-[:CALLS]-(:Function))") ==
        "(exists (element (node a) (rel <- (types CALLS)) (node (labels (Function)))))");
  CHECK(expression("NOT (a)-->()") == "(not (exists (element (node a) (rel ->) (node))))");
  CHECK(expression("(a)") == "(var a)");
  CHECK(expression("(a:Function)") == "(has-labels (var a) Function)");
  CHECK(expression("(a).name") == "(prop (var a) name)");
  CHECK(expression("(a) - 1") == "(- (var a) (int 1))");
}

TEST_CASE("pattern subqueries: COUNT { } and EXISTS { }, with optional MATCH and WHERE") {
  CHECK(expression("COUNT { (f)<-[:CALLS]-() }") ==
        "(count-subquery (element (node f) (rel <- (types CALLS)) (node)))");
  CHECK(expression("exists { MATCH (m)-[:DEFINES]->(c:Class) WHERE c.name = 'A' }") ==
        "(exists-subquery (element (node m) (rel -> (types DEFINES)) (node c (labels (Class)))) "
        "(where (= (prop (var c) name) (str \"A\"))))");
  CHECK(expression("count { (a)--() } + 1") == "(+ (count-subquery (element (node a) (rel --) (node))) (int 1))");
  // count(x) and exists(pattern) are still the function and the pattern predicate.
  CHECK(expression("count(x)") == "(call count (var x))");
  CHECK(expression("exists((a)-->())") == "(exists (element (node a) (rel ->) (node)))");
}

TEST_CASE("comments are whitespace; keywords are case-insensitive") {
  CHECK(expression("1 /* one */ + // plus\n 2") == "(+ (int 1) (int 2))");
  CHECK(expression("a AnD b") == "(and (var a) (var b))");
  CHECK(expression("a / b") == "(/ (var a) (var b))");
}

TEST_CASE("expression positions are 1-based line and column") {
  auto result = trellis::cypher::parse_cypher("MATCH (n)\nWHERE n.x = 1 AND\n  foo(n)\nRETURN n");
  REQUIRE(result.ok());
  const auto& match = std::get<trellis::cypher::ast::Match>(result->query.first.clauses[0]);
  const auto& where = *match.where;
  CHECK(where.position.line == 2);
  CHECK(where.position.column == 7);
  const auto& conjunction = std::get<trellis::cypher::ast::BinaryExpression>(where.node);
  CHECK(conjunction.right->position.line == 3);
  CHECK(conjunction.right->position.column == 3);
  const auto& call = std::get<trellis::cypher::ast::FunctionCall>(conjunction.right->node);
  CHECK(call.args[0].position.column == 7);
  CHECK(match.pattern.parts[0].element.start.variable->position.column == 8);
}
