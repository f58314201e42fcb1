# RETURN and WITH: aliases, *, DISTINCT, ORDER BY on several keys, SKIP,
# LIMIT, WITH ... WHERE, column names as written.

=== column named by the expression text
MATCH (c:Class {name: 'Repo'}) RETURN c.name, c.line_start + 1
--- columns ["c.name","c.line_start + 1"]
--- rows
["Repo",5]

=== aliases
MATCH (c:Class {name: 'Repo'}) RETURN c.name AS name, c.file_path AS file
--- columns ["name","file"]
--- rows
["Repo","src/shop/services/repo.py"]

=== RETURN * lists variables by name
MATCH (b:Class {name: 'Base'})<-[:INHERITS]-(a) RETURN *
--- columns ["a","b"]
--- rows
[{"label":"Class","qualified_name":"shop.models.User","name":"User","node_id":"d211b5fc325492d5","file_path":"src/shop/models.py","line_start":17,"line_end":23,"byte_start":252,"byte_end":424,"language":"python","base_classes":["Base"]},{"label":"Class","qualified_name":"shop.models.Base","name":"Base","node_id":"54df68d9a05567d9","file_path":"src/shop/models.py","line_start":5,"line_end":14,"byte_start":76,"byte_end":249,"language":"python"}]

=== DISTINCT
MATCH (m:Method) RETURN DISTINCT m.class_name AS c ORDER BY c
--- columns ["c"]
--- rows
["Admin"]
["AuthService"]
["Base"]
["Formatter"]
["Repo"]
["User"]

=== DISTINCT over several columns
MATCH (a)-[r:CALLS]->(b:Class) RETURN DISTINCT r.call_type AS t, b.name AS b ORDER BY b
--- columns ["t","b"]
--- rows
["constructor","Admin"]
["constructor","AuthService"]
["constructor","Formatter"]
["constructor","Repo"]
["constructor","User"]

=== ORDER BY descending
MATCH (c:Class) RETURN c.name AS c ORDER BY c DESC
--- columns ["c"]
--- rows
["User"]
["Repo"]
["Formatter"]
["Base"]
["AuthService"]
["Admin"]

=== ORDER BY two keys in different directions
MATCH (m:Method) RETURN m.class_name AS c, m.name AS m ORDER BY c DESC, m ASC
--- columns ["c","m"]
--- rows
["User","__init__"]
["User","validate"]
["Repo","find"]
["Repo","get"]
["Formatter","__call__"]
["Base","get"]
["Base","save"]
["Base","validate"]
["AuthService","__init__"]
["AuthService","login"]
["AuthService","logout"]
["Admin","create"]
["Admin","rules"]

=== ORDER BY an expression that is not returned
MATCH (f:Function) WHERE f.qualified_name STARTS WITH 'shop.util' RETURN f.name AS name ORDER BY f.line_start DESC
--- columns ["name"]
--- rows
["shout"]
["get"]
["log"]

=== ORDER BY puts null last
MATCH (n) WHERE n.name IN ['shop', 'os', 'log'] RETURN n.qualified_name AS q, n.line_start AS line ORDER BY line, q
--- columns ["q","line"]
--- rows
["shop",1]
["shop.util.log",1]
["shop.util.log.log",4]
["os",null]
["shop",null]
["shop",null]

=== SKIP and LIMIT
MATCH (f:Function) RETURN f.name AS f ORDER BY f SKIP 3 LIMIT 4
--- columns ["f"]
--- rows
["broken"]
["build"]
["exported"]
["fine"]

=== LIMIT 0
MATCH (f:Function) RETURN f.name AS f LIMIT 0
--- columns ["f"]
--- rows

=== LIMIT from a parameter
MATCH (c:Class) RETURN c.name AS c ORDER BY c LIMIT $n
--- params {"n": 2}
--- columns ["c"]
--- rows
["Admin"]
["AuthService"]

=== SKIP beyond the end
MATCH (c:Class) RETURN c.name AS c ORDER BY c SKIP 10
--- columns ["c"]
--- rows

=== WITH passes variables on
MATCH (c:Class) WITH c WHERE c.name STARTS WITH 'A' RETURN c.qualified_name AS c ORDER BY c
--- columns ["c"]
--- rows
["shop.models.Admin"]
["shop.services.auth.AuthService"]

=== WITH renames
MATCH (c:Class {name: 'User'}) WITH c.name AS n, c.line_start AS l RETURN n, l
--- columns ["n","l"]
--- rows
["User",17]

=== WITH ORDER BY LIMIT then MATCH
MATCH (f:Function) WITH f ORDER BY f.name LIMIT 2 MATCH (m:Module)-[:DEFINES]->(f) RETURN f.name AS f, m.name AS m ORDER BY f
--- columns ["f","m"]
--- rows
["_private","plain"]
["a","cycle_a"]

=== WITH DISTINCT
MATCH (a)-[:CALLS]->(c:Class) WITH DISTINCT c RETURN c.name AS c ORDER BY c
--- columns ["c"]
--- rows
["Admin"]
["AuthService"]
["Formatter"]
["Repo"]
["User"]

=== WITH WHERE filters after aggregation
MATCH (f)<-[:CALLS]-(g) WITH f, count(*) AS callers WHERE callers >= 3 RETURN f.qualified_name AS f, callers ORDER BY f
--- columns ["f","callers"]
--- rows
["shop.models.User",3]
["shop.services.repo.Repo",3]
["shop.util.log.log",4]

=== variables out of scope after WITH
MATCH (a:Class)-[:DEFINES]->(m) WITH a RETURN m
--- error CYPHER_SEMANTIC_ERROR
# Variable 'm' is not defined (line 1, column 47)

=== expression in WITH needs an alias
MATCH (a:Class) WITH a.name RETURN 1
--- error CYPHER_SEMANTIC_ERROR
# Expression 'a.name' in WITH must be aliased (use AS) (line 1, column 22)

=== RETURN of literals without MATCH
RETURN 1 AS one, 'two' AS two, true AS three, null AS four
--- columns ["one","two","three","four"]
--- rows
[1,"two",true,null]

=== row limit truncates and counts the total
MATCH (f:Function) RETURN f.name AS f ORDER BY f
--- limit 3
--- columns ["f"]
--- rows
["_private"]
["a"]
["b"]
--- total 21

=== ORDER BY with LIMIT keeps the best rows (top-k)
MATCH (f:Function) RETURN f.name AS f, f.line_start AS line ORDER BY line DESC, f LIMIT 3
--- columns ["f","line"]
--- rows
["pong",54]
["ping",50]
["recursive",44]

=== DISTINCT with ORDER BY on the returned expression
MATCH (m:Method) RETURN DISTINCT m.name ORDER BY m.name LIMIT 4
--- columns ["m.name"]
--- rows
["__call__"]
["__init__"]
["create"]
["find"]
