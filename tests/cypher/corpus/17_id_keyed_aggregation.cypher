# Hash aggregation keyed by one bare id (a node, or an interned string's id),
# count(*) kept without reading arguments, comparison chains and property
# reads of a variable in place (executor/aggregate.cpp, expression_eval.cpp):
# null groups, a key that stops holding nodes mid-run, no rows, LIMIT 0,
# weighted rows, ties. Expected answers from the executor before the change.

=== id-keyed aggregation: grouped by the far node of a hop (the node's id is the key)
MATCH (a)-[:CALLS]->(b) WITH b, count(*) AS c RETURN b.qualified_name AS q, c ORDER BY c DESC, q LIMIT 5
--- columns ["q","c"]
--- rows
["shop.util.log.log",4]
["shop.models.User",3]
["shop.services.repo.Repo",3]
["shop.models.Base.validate",2]
["shop.services.auth.AuthService",2]

=== id-keyed aggregation: grouped by an optional node: the unmatched rows form the null group
MATCH (f:Function) OPTIONAL MATCH (f)-[:CALLS]->(g) WITH g, count(*) AS c RETURN g.name AS n, c ORDER BY c DESC, n LIMIT 4
--- columns ["n","c"]
--- rows
[null,9]
["Repo",3]
["AuthService",2]
["User",2]

=== id-keyed aggregation: a key that holds nodes and then strings: the run falls back to grouping by value, groups kept
MATCH (f:Function) WITH f ORDER BY f.qualified_name LIMIT 3 WITH collect(f) AS fs UNWIND fs + ['x', 'x', 'y'] + fs AS k WITH k, count(*) AS c RETURN CASE WHEN k IN ['x', 'y'] THEN k ELSE k.name END AS v, c ORDER BY v
--- columns ["v","c"]
--- rows
["broken",2]
["fine",2]
["run",2]
["x",2]
["y",1]

=== id-keyed aggregation: a key that holds a string first, then nodes and null: grouped by value throughout
MATCH (f:Function) WITH f ORDER BY f.qualified_name LIMIT 2 WITH collect(f) AS fs UNWIND ['x'] + fs + [null, 'x'] + fs AS k WITH k, count(*) AS c RETURN CASE WHEN k IS NULL OR k = 'x' THEN k ELSE k.name END AS v, c ORDER BY v
--- columns ["v","c"]
--- rows
["broken",2]
["run",2]
["x",2]
[null,1]

=== id-keyed aggregation: grouped by a node over no rows: no groups
MATCH (f:Function) WHERE f.name = 'no such name' WITH f, count(*) AS c RETURN count(*) AS groups
--- columns ["groups"]
--- rows
[0]

=== id-keyed aggregation: grouped by a node, LIMIT 0
MATCH (a)-[:CALLS]->(b) WITH b, count(*) AS c RETURN b.name AS n, c ORDER BY c DESC LIMIT 0
--- columns ["n","c"]
--- rows

=== id-keyed aggregation: grouped by a string column over a counted hop (rows weighted by the degree)
MATCH (a:Function)-[:CALLS]->() RETURN a.file_path AS p, count(*) AS c ORDER BY c DESC, p LIMIT 3
--- columns ["p","c"]
--- rows
["src/shop/services/auth.py",10]
["src/shop/app.py",5]
["src/shop/star/user.py",2]

=== id-keyed aggregation: grouped by a node with count(*), count(DISTINCT) and collect beside it
MATCH (a)-[:CALLS]->(b) WITH b, count(*) AS c, count(DISTINCT a) AS d, collect(a.name)[0] AS first RETURN b.name AS n, c, d, first IS NOT NULL AS has ORDER BY c DESC, n LIMIT 3
--- columns ["n","c","d","has"]
--- rows
["log",4,3,true]
["Repo",3,3,true]
["User",3,3,true]

=== id-keyed aggregation: grouped by a string column with count(*) and sum beside it: ties ordered by the key
MATCH (a)-[:CALLS]->(b) RETURN b.file_path AS p, count(*) AS c, sum(b.line_start) AS s ORDER BY c DESC, p LIMIT 3
--- columns ["p","c","s"]
--- rows
["src/shop/services/auth.py",10,310]
["src/shop/models.py",8,124]
["src/shop/services/repo.py",6,33]

=== id-keyed aggregation: a comparison chain as a filter on an int column
MATCH (f:Function) WHERE 1 < f.line_start <= 20 RETURN f.name AS n, f.line_start AS l ORDER BY l, n LIMIT 4
--- columns ["n","l"]
--- rows
["a",4]
["b",4]
["broken",4]
["exported",4]

=== id-keyed aggregation: comparison chains of every operator, with null, strings and int/float equality
RETURN 1 < 2 <= 2 <> 3 >= 3 > 2 = 2 AS t, 1 < null AS u, 'a' < 'b' AS s, 2 > 1 > 3 AS f, 1 = 1.0 AS e
--- columns ["t","u","s","f","e"]
--- rows
[true,null,true,false,true]

=== id-keyed aggregation: properties of a map variable, a null variable and a map literal
WITH {a: 1} AS m, null AS z RETURN m.a AS a, z.a AS b, {k: 2}.k AS c
--- columns ["a","b","c"]
--- rows
[1,null,2]

=== id-keyed aggregation: a filtered label scan with arithmetic on two columns as the sort key: ties ordered by the name
MATCH (m:Method) WHERE m.line_start > 10 RETURN m.name AS n, m.line_end - m.line_start AS d ORDER BY d DESC, n LIMIT 3
--- columns ["n","d"]
--- rows
["login",7]
["__init__",2]
["logout",2]

=== id-keyed aggregation: count(DISTINCT), count and collect of an optional node (nulls skipped) beside count(*)
MATCH (f:Function) OPTIONAL MATCH (f)-[:CALLS]->(g) RETURN f.file_path AS p, count(DISTINCT g) AS d, count(g) AS n, size(collect(g)) AS s, count(*) AS c ORDER BY d, c DESC, p LIMIT 4
--- columns ["p","d","n","s","c"]
--- rows
["src/shop/star/listed.py",0,0,0,2]
["src/shop/star/plain.py",0,0,0,2]
["src/shop/broken.py",1,1,1,3]
["src/shop/util/log.py",1,1,1,3]

