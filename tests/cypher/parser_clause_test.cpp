// Whole statements: every clause of the subset, projections, UNION and the
// EXPLAIN / PROFILE prefixes.
#include <doctest/doctest.h>

#include "cypher/parse_helpers.hpp"

using trellis::cypher::test::parsed;

TEST_CASE("MATCH and OPTIONAL MATCH with WHERE") {
  CHECK(parsed("MATCH (n) RETURN n") ==
        "(query (match (pattern (element (node n)))) (return (item (var n) \"n\")))");
  CHECK(parsed("match (f:Function) where f.name = 'x' return f") ==
        "(query (match (pattern (element (node f (labels (Function))))) (where (= (prop (var f) "
        "name) (str \"x\")))) "
        "(return (item (var f) \"f\")))");
  CHECK(
      parsed("MATCH (a) OPTIONAL MATCH (a)-->(b) WHERE b.x > 1 RETURN a, b") ==
      "(query (match (pattern (element (node a)))) (optional-match (pattern (element (node a) (rel "
      "->) (node b))) "
      "(where (> (prop (var b) x) (int 1)))) (return (item (var a) \"a\") (item (var b) \"b\")))");
}

TEST_CASE("RETURN: DISTINCT, aliases, *, ORDER BY several keys, SKIP, LIMIT") {
  CHECK(parsed("MATCH (f) RETURN f.name") ==
        "(query (match (pattern (element (node f)))) (return (item (prop (var f) name) "
        "\"f.name\")))");
  CHECK(parsed("MATCH (f) RETURN DISTINCT f.name AS name, count(*) AS calls") ==
        "(query (match (pattern (element (node f)))) (return distinct (item (prop (var f) name) "
        "\"f.name\" name) "
        "(item (call count *) \"count(*)\" calls)))");
  CHECK(parsed("MATCH (n) RETURN *") == "(query (match (pattern (element (node n)))) (return *))");
  CHECK(parsed("MATCH (n) RETURN *, n.name AS x") ==
        "(query (match (pattern (element (node n)))) (return * (item (prop (var n) name) "
        "\"n.name\" x)))");
  CHECK(parsed("MATCH (n) RETURN n ORDER BY n.file_path, n.line_start DESC, n.name ASC SKIP 5 "
               "LIMIT 10") ==
        "(query (match (pattern (element (node n)))) (return (item (var n) \"n\") (order (asc "
        "(prop (var n) file_path)) "
        "(desc (prop (var n) line_start)) (asc (prop (var n) name))) (skip (int 5)) (limit (int "
        "10))))");
  CHECK(parsed("RETURN 1 ORDER BY 1 DESCENDING LIMIT $n") ==
        "(query (return (item (int 1) \"1\") (order (desc (int 1))) (limit (param n))))");
  CHECK(parsed("RETURN 1 ASCENDING") !=
        "(query (return (item (int 1) \"1\")))");  // ASC only after ORDER BY
}

TEST_CASE("a column without alias is named by its text as written") {
  auto result = trellis::cypher::parse_cypher(
      "MATCH (f) RETURN  f.name ,  count( * )  /* c */, toUpper(f.name)AS up");
  REQUIRE(result.ok());
  const auto& items =
      std::get<trellis::cypher::ast::Return>(result->query.first.clauses[1]).projection.items;
  REQUIRE(items.size() == 3);
  CHECK(items[0].column_name() == "f.name");
  CHECK(items[1].column_name() == "count( * )");
  CHECK(items[2].column_name() == "up");
  CHECK(items[2].text == "toUpper(f.name)");
}

TEST_CASE("WITH: projection, aggregation, WHERE after WITH, ORDER BY, SKIP, LIMIT, *") {
  CHECK(parsed("MATCH (a)-[:CALLS]->(b) WITH b, count(a) AS callers WHERE callers > 2 RETURN "
               "b.name, callers") ==
        "(query (match (pattern (element (node a) (rel -> (types CALLS)) (node b)))) (with (item "
        "(var b) \"b\") "
        "(item (call count (var a)) \"count(a)\" callers) (where (> (var callers) (int 2)))) "
        "(return (item (prop (var b) name) \"b.name\") (item (var callers) \"callers\")))");
  CHECK(parsed("MATCH (n) WITH DISTINCT n ORDER BY n.name DESC SKIP 1 LIMIT 2 RETURN n") ==
        "(query (match (pattern (element (node n)))) (with distinct (item (var n) \"n\") (order "
        "(desc (prop (var n) name))) "
        "(skip (int 1)) (limit (int 2))) (return (item (var n) \"n\")))");
  CHECK(parsed("MATCH (n) WITH * RETURN n") ==
        "(query (match (pattern (element (node n)))) (with *) (return (item (var n) \"n\")))");
}

TEST_CASE("UNWIND") {
  CHECK(parsed("UNWIND [1, 2] AS x RETURN x") ==
        "(query (unwind (list (int 1) (int 2)) x) (return (item (var x) \"x\")))");
  CHECK(parsed("WITH [1] AS xs UNWIND xs AS x RETURN x") ==
        "(query (with (item (list (int 1)) \"[1]\" xs)) (unwind (var xs) x) (return (item (var x) "
        "\"x\")))");
}

TEST_CASE("UNION and UNION ALL") {
  CHECK(parsed("RETURN 1 AS x UNION RETURN 2 AS x") ==
        "(union (query (return (item (int 1) \"1\" x))) distinct (query (return (item (int 2) "
        "\"2\" x))))");
  CHECK(parsed("RETURN 1 AS x UNION ALL RETURN 2 AS x UNION ALL RETURN 3 AS x") ==
        "(union (query (return (item (int 1) \"1\" x))) all (query (return (item (int 2) \"2\" "
        "x))) all "
        "(query (return (item (int 3) \"3\" x))))");
}

TEST_CASE("EXPLAIN and PROFILE prefixes; a trailing ';'") {
  CHECK(parsed("EXPLAIN MATCH (n) RETURN n") ==
        "(explain (query (match (pattern (element (node n)))) (return (item (var n) \"n\"))))");
  CHECK(parsed("profile RETURN 1") == "(profile (query (return (item (int 1) \"1\"))))");
  CHECK(parsed("RETURN 1;") == "(query (return (item (int 1) \"1\")))");
  CHECK(parsed("  RETURN 1 ;  // done\n") == "(query (return (item (int 1) \"1\")))");
}

TEST_CASE("write keywords inside strings, names and properties are reads") {
  CHECK(parsed("RETURN 'CREATE'") == "(query (return (item (str \"CREATE\") \"'CREATE'\")))");
  CHECK(parsed("MATCH (n) WHERE n.deleted = false RETURN n.deleted") ==
        "(query (match (pattern (element (node n))) (where (= (prop (var n) deleted) false))) "
        "(return (item (prop (var n) deleted) \"n.deleted\")))");
  CHECK(parsed(
            "WITH 1 AS deleted, 2 AS created, 3 AS settings RETURN deleted + created + settings") ==
        "(query (with (item (int 1) \"1\" deleted) (item (int 2) \"2\" created) (item (int 3) "
        "\"3\" settings)) "
        "(return (item (+ (+ (var deleted) (var created)) (var settings)) \"deleted + created + "
        "settings\")))");
  CHECK(parsed("MATCH (n {set: 1}) RETURN n.merge, `create`") ==
        "(query (match (pattern (element (node n (props (map (set (int 1)))))))) "
        "(return (item (prop (var n) merge) \"n.merge\") (item (var create) \"`create`\")))");
  CHECK(parsed("RETURN \"DETACH DELETE n\" AS `DELETE`  // CREATE\n") ==
        "(query (return (item (str \"DETACH DELETE n\") \"\\\"DETACH DELETE n\\\"\" DELETE)))");
}
