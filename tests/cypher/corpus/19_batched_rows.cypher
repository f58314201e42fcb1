# Batched rows (cypher/src/batch/): DISTINCT as an aggregation with no
# aggregates, plain projections over a batch pipeline (the rest counted
# past the row limit), text predicates and COUNT { } / EXISTS of one hop
# over columns. Expected answers from the row executor before these were
# batched (the same queries through the previous build's CLI).

=== batched rows: DISTINCT over a null test and a nullable boolean, ordered
MATCH (n) RETURN DISTINCT n.docstring IS NULL AS d, n.is_async AS a ORDER BY d, a
--- columns ["d","a"]
--- rows
[true,false]
[true,null]

=== batched rows: DISTINCT over an empty input
MATCH (f:Function) WHERE f.line_start < 0 RETURN DISTINCT f.name AS n
--- columns ["n"]
--- rows

=== batched rows: DISTINCT keeps first occurrences in the order they came
MATCH (f:Function) RETURN DISTINCT f.file_path AS p
--- columns ["p"]
--- rows
["src/shop/__init__.py"]
["src/shop/app.py"]
["src/shop/broken.py"]
["src/shop/cycle_a.py"]
["src/shop/cycle_b.py"]
["src/shop/services/auth.py"]
["src/shop/star/listed.py"]
["src/shop/star/plain.py"]
["src/shop/star/user.py"]
["src/shop/util/log.py"]

=== batched rows: DISTINCT then ORDER BY ... LIMIT cuts among the distinct values
MATCH (f:Function) RETURN DISTINCT f.file_path AS p ORDER BY p DESC LIMIT 3
--- columns ["p"]
--- rows
["src/shop/util/log.py"]
["src/shop/star/user.py"]
["src/shop/star/plain.py"]

=== batched rows: DISTINCT with LIMIT 0
MATCH (f:Function) RETURN DISTINCT f.name AS n ORDER BY n LIMIT 0
--- columns ["n"]
--- rows

=== batched rows: WITH DISTINCT of the far nodes of an expansion
MATCH (a)-[:CALLS]->(b:Function) WITH DISTINCT b RETURN count(*) AS n
--- columns ["n"]
--- rows
[11]

=== batched rows: DISTINCT over two hops keeps pairs of values
MATCH (a:Function)-[:CALLS]->(b)-[:CALLS]->(c) RETURN DISTINCT a.name AS x, c.name AS y ORDER BY x, y LIMIT 5
--- columns ["x","y"]
--- rows
["a","a"]
["b","b"]
["main","AuthService"]
["main","Repo"]
["main","find"]

=== batched rows: a plain projection past the row limit counts the rest
MATCH (f:Function) WHERE f.line_start > 5 RETURN f.name AS n
--- limit 3
--- columns ["n"]
--- rows
["make_user"]
["run"]
["helper"]
--- total 12

=== batched rows: a plain projection over an expansion past the row limit
MATCH (a)-[r:CALLS]->(b) RETURN a.name AS a, r.line AS l, b.name AS b
--- limit 2
--- columns ["a","l","b"]
--- rows
["auth",58,"main"]
["log",18,"Formatter"]
--- total 35

=== batched rows: an item that fails on a row past the limit still fails
MATCH (f:Function) RETURN f.name AS n, 100 / (f.line_start - 44) AS x
--- limit 2
--- error INVALID_ARGUMENT
# Division by zero

=== batched rows: a plain projection over an empty input
MATCH (f:Function) WHERE f.line_start < 0 RETURN f.name AS n
--- columns ["n"]
--- rows

=== batched rows: CONTAINS over a column with nulls (a null text passes nothing)
MATCH (n) WHERE n.docstring CONTAINS 'user' RETURN n.name AS n ORDER BY n
--- columns ["n"]
--- rows

=== batched rows: STARTS WITH or ENDS WITH
MATCH (f:Function) WHERE f.name STARTS WITH 'get' OR f.name ENDS WITH 'e' RETURN f.name AS n ORDER BY n
--- columns ["n"]
--- rows
["_private"]
["fine"]
["get"]
["recursive"]

=== batched rows: =~ a literal pattern over qualified names
MATCH (n) WHERE n.qualified_name =~ 'shop\\..*\\.log.*' RETURN n.qualified_name AS q ORDER BY q
--- columns ["q"]
--- rows
["shop.services.auth.AuthService.login"]
["shop.services.auth.AuthService.logout"]
["shop.util.log"]
["shop.util.log.Formatter"]
["shop.util.log.Formatter.__call__"]
["shop.util.log.get"]
["shop.util.log.log"]
["shop.util.log.shout"]

=== batched rows: NOT a text predicate keeps the nulls out
MATCH (n:Class) WHERE NOT n.docstring STARTS WITH 'A' RETURN n.name AS n ORDER BY n
--- columns ["n"]
--- rows

=== batched rows: COUNT { } of callers as a filter
MATCH (f:Function) WHERE COUNT { (f)<-[:CALLS]-() } >= 2 RETURN f.name AS n ORDER BY n
--- columns ["n"]
--- rows
["log"]
["ping"]

=== batched rows: NOT EXISTS { } undirected over two types
MATCH (f) WHERE NOT EXISTS { (f)-[:CALLS|IMPORTS]-() } RETURN count(*) AS n
--- columns ["n"]
--- rows
[18]

=== batched rows: a column plus a literal that overflows on some rows fails
MATCH (f:Function) RETURN f.line_start + 9223372036854775800 AS x ORDER BY x DESC LIMIT 2
--- error INVALID_ARGUMENT
# Integer overflow in +

=== batched rows: a column minus a literal near the bottom stays in range
MATCH (f:Function) WHERE f.line_start - 9223372036854775807 < -9223372036854775800 RETURN count(*) AS n
--- columns ["n"]
--- rows
[10]

=== batched rows: a column plus a literal near the top stays in range
MATCH (f:Function) WHERE f.line_start + 9223372036854775000 > 0 RETURN count(*) AS n
--- columns ["n"]
--- rows
[21]

=== batched rows: two columns compared
MATCH (f:Function) WHERE f.line_end - f.line_start >= f.line_start RETURN f.name AS n ORDER BY n
--- columns ["n"]
--- rows
["fine"]
["public"]

=== batched rows: COUNT { } as a sort key of the top k
MATCH (f:Function) RETURN f.name AS n, COUNT { (f)-[:CALLS]-() } AS c ORDER BY c DESC, n LIMIT 3
--- columns ["n","c"]
--- rows
["main",5]
["run",5]
["log",4]
