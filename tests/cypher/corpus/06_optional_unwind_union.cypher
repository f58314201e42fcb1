# OPTIONAL MATCH, UNWIND, UNION and UNION ALL.

=== OPTIONAL MATCH keeps rows without a match
MATCH (c:Class) OPTIONAL MATCH (c)-[:INHERITS]->(b) RETURN c.name AS c, b.name AS base ORDER BY c
--- columns ["c","base"]
--- rows
["Admin","User"]
["AuthService",null]
["Base",null]
["Formatter",null]
["Repo",null]
["User","Base"]

=== OPTIONAL MATCH with WHERE inside
MATCH (c:Class) WHERE c.name IN ['User', 'Repo'] OPTIONAL MATCH (c)-[:DEFINES]->(m) WHERE m.name STARTS WITH 'v' RETURN c.name AS c, m.name AS m ORDER BY c
--- columns ["c","m"]
--- rows
["Repo",null]
["User","validate"]

=== OPTIONAL MATCH then aggregation counts nulls out
MATCH (c:Class) OPTIONAL MATCH (c)<-[r:CALLS]-() RETURN c.name AS c, count(r) AS calls ORDER BY c
--- columns ["c","calls"]
--- rows
["Admin",1]
["AuthService",2]
["Base",0]
["Formatter",1]
["Repo",3]
["User",3]

=== OPTIONAL MATCH alone with no match gives one row of null
OPTIONAL MATCH (f:Function {name: 'nothing'}) RETURN f
--- columns ["f"]
--- rows
[null]

=== OPTIONAL MATCH from a null variable stays null
OPTIONAL MATCH (f:Function {name: 'nothing'}) OPTIONAL MATCH (f)-[:CALLS]->(g) RETURN f, g
--- columns ["f","g"]
--- rows
[null,null]

=== UNWIND a literal list
UNWIND [3, 1, 2] AS x RETURN x ORDER BY x
--- columns ["x"]
--- rows
[1]
[2]
[3]

=== UNWIND null gives no rows
UNWIND null AS x RETURN x
--- columns ["x"]
--- rows

=== UNWIND a collected list
MATCH (c:Class {name: 'User'})-[:DEFINES]->(m) WITH collect(m.name) AS names UNWIND names AS n RETURN n ORDER BY n
--- columns ["n"]
--- rows
["__init__"]
["validate"]

=== UNWIND a parameter then MATCH
UNWIND $names AS n MATCH (f:Function {name: n}) RETURN f.qualified_name AS f ORDER BY f
--- params {"names": ["ping", "log", "nothing"]}
--- columns ["f"]
--- rows
["shop.services.auth.ping"]
["shop.util.log.log"]

=== UNWIND range
UNWIND range(1, 10, 3) AS x RETURN x
--- columns ["x"]
--- rows
[1]
[4]
[7]
[10]

=== nested UNWIND
UNWIND [[1, 2], [3]] AS xs UNWIND xs AS x RETURN x
--- columns ["x"]
--- rows
[1]
[2]
[3]

=== UNION removes duplicates
MATCH (c:Class {name: 'User'}) RETURN c.name AS n UNION MATCH (c:Class) WHERE c.name STARTS WITH 'U' RETURN c.name AS n
--- columns ["n"]
--- rows
["User"]

=== UNION ALL keeps duplicates
MATCH (c:Class {name: 'User'}) RETURN c.name AS n UNION ALL MATCH (c:Class) WHERE c.name STARTS WITH 'U' RETURN c.name AS n
--- columns ["n"]
--- rows
["User"]
["User"]

=== UNION of three parts
RETURN 1 AS x UNION RETURN 2 AS x UNION RETURN 1 AS x
--- columns ["x"]
--- rows
[1]
[2]

=== UNION with different columns is refused
RETURN 1 AS x UNION RETURN 2 AS y
--- error CYPHER_SEMANTIC_ERROR
# All parts of a UNION must return the same columns (x vs y) (line 1, column 1)
