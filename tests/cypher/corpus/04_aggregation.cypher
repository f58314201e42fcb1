# Aggregation: count(*), count(x), count(DISTINCT x), collect, sum, avg,
# min, max, grouping keys, empty input, nulls.

=== count(*) on no rows is zero
MATCH (f:Function {name: 'nothing'}) RETURN count(*) AS n
--- columns ["n"]
--- rows
[0]

=== grouped count of nothing gives no rows
MATCH (f:Function {name: 'nothing'}) RETURN f.name AS f, count(*) AS n
--- columns ["f","n"]
--- rows

=== count per label with implicit grouping key
MATCH (m:Module)-[:DEFINES]->(d) RETURN m.name AS module, count(*) AS defined ORDER BY defined DESC, module LIMIT 5
--- columns ["module","defined"]
--- rows
["auth",7]
["log",4]
["broken",3]
["models",3]
["listed",2]

=== count(x) skips nulls
MATCH (m:Module) RETURN count(m.all_names) AS with_all, count(*) AS modules
--- columns ["with_all","modules"]
--- rows
[2,15]

=== count(DISTINCT x)
MATCH (a)-[:CALLS]->(b) RETURN count(b) AS calls, count(DISTINCT b) AS callees
--- columns ["calls","callees"]
--- rows
[35,23]

=== collect
MATCH (c:Class {name: 'Base'})-[:DEFINES]->(m) WITH m ORDER BY m.name RETURN collect(m.name) AS methods
--- columns ["methods"]
--- rows
[["get","save","validate"]]

=== collect(DISTINCT)
MATCH (a)-[r:CALLS]->(b) WITH r.call_type AS t ORDER BY t RETURN collect(DISTINCT t) AS types
--- columns ["types"]
--- rows
[["constructor","direct","method"]]

=== collect skips nulls
UNWIND [1, null, 2, null] AS x RETURN collect(x) AS xs
--- columns ["xs"]
--- rows
[[1,2]]

=== sum, avg, min, max of integers
MATCH (f:Function) WHERE f.qualified_name STARTS WITH 'shop.util.log' RETURN sum(f.line_start) AS s, avg(f.line_start) AS a, min(f.line_start) AS lo, max(f.line_start) AS hi
--- columns ["s","a","lo","hi"]
--- rows
[34,11.333333333333334,4,21]

=== sum of floats and integers
UNWIND [1, 2.5, 3] AS x RETURN sum(x) AS s, avg(x) AS a
--- columns ["s","a"]
--- rows
[6.5,2.1666666666666667]

=== sum and avg of nothing
UNWIND [] AS x RETURN sum(x) AS s, avg(x) AS a, min(x) AS lo, max(x) AS hi, collect(x) AS xs
--- columns ["s","a","lo","hi","xs"]
--- rows
[0,null,null,null,[]]

=== min and max of strings
MATCH (c:Class) RETURN min(c.name) AS first, max(c.name) AS last
--- columns ["first","last"]
--- rows
["Admin","User"]

=== min and max over mixed types use orderability
UNWIND [3, 'a', 2.5, true] AS x RETURN min(x) AS lo, max(x) AS hi
--- columns ["lo","hi"]
--- rows
["a",3]

=== grouping by several keys
MATCH (a)-[r:CALLS]->(b) RETURN labels(a)[0] AS from, r.call_type AS kind, count(*) AS n ORDER BY from, kind
--- columns ["from","kind","n"]
--- rows
["Function","constructor",7]
["Function","direct",10]
["Function","method",5]
["Method","constructor",2]
["Method","direct",4]
["Method","method",5]
["Module","constructor",1]
["Module","direct",1]

=== expression over an aggregate
MATCH (c:Class) RETURN count(*) * 10 + 1 AS x
--- columns ["x"]
--- rows
[61]

=== aggregate and grouping key in one expression
MATCH (m:Module)-[:DEFINES]->(d) WHERE m.name = 'auth' RETURN m.name + ':' + toString(count(d)) AS summary
--- columns ["summary"]
--- rows
["auth:7"]

=== ORDER BY an aggregate written again
MATCH (f)<-[:CALLS]-() RETURN f.qualified_name AS f, count(*) AS n ORDER BY count(*) DESC, f LIMIT 3
--- columns ["f","n"]
--- rows
["shop.util.log.log",4]
["shop.models.User",3]
["shop.services.repo.Repo",3]

=== ORDER BY an aggregate needs an aggregating projection
MATCH (f)<-[:CALLS]-() RETURN f.qualified_name AS f ORDER BY count(*) DESC
--- error CYPHER_SEMANTIC_ERROR
# Aggregate function count() is only allowed in WITH, RETURN and ORDER BY (line 1, column 62)

=== top functions by CALLS in-degree (counted expansion)
MATCH (f:Function)<-[:CALLS]-() RETURN f.qualified_name, count(*) AS c ORDER BY c DESC, f.qualified_name LIMIT 4
--- columns ["f.qualified_name","c"]
--- rows
["shop.util.log.log",4]
["shop.services.auth.ping",2]
["shop.broken.helper",1]
["shop.cycle_a.a",1]

=== counted expansion agrees with the expanded rows
MATCH (f:Function)<-[r:CALLS]-(g) RETURN f.qualified_name, count(r) AS c ORDER BY c DESC, f.qualified_name LIMIT 4
--- columns ["f.qualified_name","c"]
--- rows
["shop.util.log.log",4]
["shop.services.auth.ping",2]
["shop.broken.helper",1]
["shop.cycle_a.a",1]

=== out-degree over any type
MATCH (m:Module {name: 'auth'})-->() RETURN count(*) AS n
--- columns ["n"]
--- rows
[12]

=== undirected degree counts a self loop once
MATCH (f:Function {name: 'recursive'})--() RETURN count(*) AS n
--- columns ["n"]
--- rows
[4]

=== aggregation after WITH
MATCH (m:Method) WITH m.class_name AS c, count(*) AS n RETURN max(n) AS most, count(c) AS classes
--- columns ["most","classes"]
--- rows
[3,6]

=== count of DISTINCT nodes two hops away
MATCH (f:Function {name: 'main'})-[:CALLS*1..2]->(g) RETURN count(DISTINCT g) AS reached
--- columns ["reached"]
--- rows
[8]

=== collect of nodes then size
MATCH (c:Class)-[:DEFINES]->(m) RETURN c.name AS c, size(collect(m)) AS n ORDER BY c
--- columns ["c","n"]
--- rows
["Admin",2]
["AuthService",3]
["Base",3]
["Formatter",1]
["Repo",2]
["User",2]

=== aggregate inside an aggregate is refused
MATCH (f:Function) RETURN count(count(*))
--- error CYPHER_SEMANTIC_ERROR
# Aggregate function count() cannot be nested in another aggregate (line 1, column 33)

=== aggregate in WHERE is refused
MATCH (f:Function) WHERE count(*) > 1 RETURN f
--- error CYPHER_SEMANTIC_ERROR
# Aggregate function count() is only allowed in WITH, RETURN and ORDER BY (line 1, column 26)

# A repeated aggregate reuses the first one's slot: the item that repeats it
# is still an aggregating item, not a grouping key (it read null before).
=== a repeated aggregate in arithmetic is computed per group, not grouped by
MATCH (f:Function) RETURN count(*) AS a, count(*) + 1 AS b
--- columns ["a","b"]
--- rows
[21,22]

=== a repeated aggregate beside a grouping key, with ORDER BY and LIMIT
MATCH (f:Function) RETURN f.file_path AS p, count(*) AS a, count(*) * 10 AS b ORDER BY a DESC, p LIMIT 2
--- columns ["p","a","b"]
--- rows
["src/shop/services/auth.py",6,60]
["src/shop/broken.py",3,30]

=== repeated aggregates inside a list in WITH
MATCH (f:Function) WITH count(*) AS a, sum(f.line_start) AS s, [count(*), sum(f.line_start)] AS l RETURN a, s, l
--- columns ["a","s","l"]
--- rows
[21,340,[21,340]]
