# A WITH of variables only (`WITH a, b AS c`) runs inside the batch pipeline
# of what reads its rows next (BatchAlias). Expected answers from the row
# executor (the build before).

=== with alias: WITH a node WHERE its property, counted
MATCH (f:Function) WITH f WHERE f.line_start > 20 RETURN count(*) AS n, max(f.line_end) AS m
--- columns ["n","m"]
--- rows
[7,55]

=== with alias: WITH both ends of a hop, grouped after
MATCH (a)-[:CALLS]->(b) WITH a, b RETURN b.name AS n, count(*) AS c ORDER BY c DESC, n LIMIT 4
--- columns ["n","c"]
--- rows
["log",4]
["Repo",3]
["User",3]
["validate",3]

=== with alias: a renamed node expanded by the next MATCH
MATCH (a:Function) WITH a AS x MATCH (x)-[:CALLS]->(y) RETURN x.name AS k, count(y) AS c ORDER BY c DESC, k LIMIT 4
--- columns ["k","c"]
--- rows
["run",5]
["main",4]
["build",2]
["recursive",2]

=== with alias: two variables swapped
MATCH (a)-[:CALLS]->(b) WITH b AS a, a AS b RETURN a.name AS x, b.name AS y ORDER BY x, y LIMIT 4
--- columns ["x","y"]
--- rows
["Admin","create"]
["AuthService","build"]
["AuthService","run"]
["Formatter","log"]

=== with alias: a relationship passed on and filtered
MATCH (a)-[r:CALLS]->(b) WITH r, a WHERE r.line > 20 RETURN r.call_type AS t, count(a) AS c ORDER BY t
--- columns ["t","c"]
--- rows
["constructor",4]
["direct",7]
["method",5]

=== with alias: two WITHs of variables in a row
MATCH (c:Class) WITH c MATCH (c)-[:DEFINES]->(m) WITH m WHERE m.line_start < 30 RETURN m.name AS n ORDER BY n
--- columns ["n"]
--- rows
["__call__"]
["__init__"]
["__init__"]
["create"]
["find"]
["get"]
["get"]
["login"]
["logout"]
["save"]
["validate"]
["validate"]
