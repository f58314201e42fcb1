// MATCH patterns: nodes, labels and alternatives, property maps, relationship
// types, directions, variable lengths, path variables and shortest paths.
#include <doctest/doctest.h>

#include "cypher/parse_helpers.hpp"

using trellis::cypher::test::pattern;

TEST_CASE("node patterns: variable, labels, label alternatives, properties") {
  CHECK(pattern("()") == "(pattern (element (node)))");
  CHECK(pattern("(n)") == "(pattern (element (node n)))");
  CHECK(pattern("(:Function)") == "(pattern (element (node (labels (Function)))))");
  CHECK(pattern("(f:Function|Method)") ==
        "(pattern (element (node f (labels (Function Method)))))");
  CHECK(pattern("(f:Function|:Method)") ==
        "(pattern (element (node f (labels (Function Method)))))");
  CHECK(pattern("(c:Class:Interface)") ==
        "(pattern (element (node c (labels (Class) (Interface)))))");
  CHECK(pattern("(f {name: 'login', line_start: 3})") ==
        "(pattern (element (node f (props (map (name (str \"login\")) (line_start (int 3)))))))");
  CHECK(pattern("(f:Function $props)") ==
        "(pattern (element (node f (labels (Function)) (props (param props)))))");
  CHECK(pattern("(`my node`:`My Label`)") ==
        "(pattern (element (node my node (labels (My Label)))))");
}

TEST_CASE("relationship patterns: directions, types, alternatives, properties") {
  CHECK(pattern("(a)-->(b)") == "(pattern (element (node a) (rel ->) (node b)))");
  CHECK(pattern("(a)<--(b)") == "(pattern (element (node a) (rel <-) (node b)))");
  CHECK(pattern("(a)--(b)") == "(pattern (element (node a) (rel --) (node b)))");
  CHECK(pattern("(a)<-->(b)") == "(pattern (element (node a) (rel --) (node b)))");
  CHECK(pattern("(a)-[r]->(b)") == "(pattern (element (node a) (rel -> r) (node b)))");
  CHECK(pattern("(a)-[:CALLS]->(b)") ==
        "(pattern (element (node a) (rel -> (types CALLS)) (node b)))");
  CHECK(pattern("(a)<-[r:CALLS|IMPORTS]-(b)") ==
        "(pattern (element (node a) (rel <- r (types CALLS IMPORTS)) (node b)))");
  CHECK(pattern("(a)-[:CALLS|:IMPORTS]-(b)") ==
        "(pattern (element (node a) (rel -- (types CALLS IMPORTS)) (node b)))");
  CHECK(pattern("(a)-[c:CALLS {call_type: 'method'}]->(b)") ==
        "(pattern (element (node a) (rel -> c (types CALLS) (props (map (call_type (str "
        "\"method\"))))) (node b)))");
  CHECK(pattern("(a)-[]->(b)<-[:DEFINES]-(m)") ==
        "(pattern (element (node a) (rel ->) (node b) (rel <- (types DEFINES)) (node m)))");
}

TEST_CASE("variable-length relationships: *, *n, *n..m, *..m, *n..") {
  CHECK(pattern("(a)-[*]->(b)") == "(pattern (element (node a) (rel -> (len - -)) (node b)))");
  CHECK(pattern("(a)-[*3]->(b)") == "(pattern (element (node a) (rel -> (len 3 3)) (node b)))");
  CHECK(pattern("(a)-[*1..3]->(b)") == "(pattern (element (node a) (rel -> (len 1 3)) (node b)))");
  CHECK(pattern("(a)-[*..5]->(b)") == "(pattern (element (node a) (rel -> (len - 5)) (node b)))");
  CHECK(pattern("(a)-[*2..]->(b)") == "(pattern (element (node a) (rel -> (len 2 -)) (node b)))");
  CHECK(pattern("(a)-[r:CALLS*1..2 {x: 1}]-(b)") ==
        "(pattern (element (node a) (rel -- r (types CALLS) (len 1 2) (props (map (x (int 1))))) "
        "(node b)))");
  CHECK(pattern("(a)-[:CALLS* 0 .. 4]->(b)") ==
        "(pattern (element (node a) (rel -> (types CALLS) (len 0 4)) (node b)))");
}

TEST_CASE("comma-separated parts, path variables and shortest paths") {
  CHECK(pattern("(a), (b)") == "(pattern (element (node a)) (element (node b)))");
  CHECK(pattern("p = (a)-->(b)") == "(pattern (path p (element (node a) (rel ->) (node b))))");
  CHECK(
      pattern("p = shortestPath((a)-[:CALLS*]->(b))") ==
      "(pattern (path p (shortest (element (node a) (rel -> (types CALLS) (len - -)) (node b)))))");
  CHECK(pattern("allShortestPaths((a)-[*..4]-(b))") ==
        "(pattern (all-shortest (element (node a) (rel -- (len - 4)) (node b))))");
  CHECK(pattern("(a)-->(b), q = (b)-->(c)") ==
        "(pattern (element (node a) (rel ->) (node b)) (path q (element (node b) (rel ->) (node "
        "c))))");
}
