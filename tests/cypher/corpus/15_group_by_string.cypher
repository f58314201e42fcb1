# Hash aggregation keyed by a string property read as its id in the
# store's interned string table (executor/interned_key.hpp), and property
# reads resolved at bind time: groups, nulls (a label without the column, an
# unset column, a null variable), ties, no rows, LIMIT 0, and a variable that
# holds a node in some rows and a map in others (the key falls back to text).
=== aggregation by string property: grouped by a string column: ties ordered by the key
MATCH (f:Function) RETURN f.file_path AS p, count(*) AS c ORDER BY c DESC, p
--- columns ["p","c"]
--- rows
["src/shop/services/auth.py",6]
["src/shop/broken.py",3]
["src/shop/util/log.py",3]
["src/shop/star/listed.py",2]
["src/shop/star/plain.py",2]
["src/shop/__init__.py",1]
["src/shop/app.py",1]
["src/shop/cycle_a.py",1]
["src/shop/cycle_b.py",1]
["src/shop/star/user.py",1]

=== aggregation by string property: grouped by the short name over two labels (names repeat)
MATCH (f:Function|Method) RETURN f.name AS n, count(*) AS c ORDER BY c DESC, n LIMIT 4
--- columns ["n","c"]
--- rows
["get",3]
["__init__",2]
["validate",2]
["__call__",1]

=== aggregation by string property: grouped by a column some labels lack: their nodes form the null group
MATCH (n) RETURN n.file_path AS p, count(*) AS c ORDER BY c DESC, p LIMIT 3
--- columns ["p","c"]
--- rows
["src/shop/models.py",11]
["src/shop/services/auth.py",11]
[null,7]

=== aggregation by string property: grouped by an unset string column: one null group
MATCH (n:Class) RETURN n.docstring AS d, count(*) AS c
--- columns ["d","c"]
--- rows
[null,6]

=== aggregation by string property: grouped by a property of an OPTIONAL MATCH's null
MATCH (m:Module) OPTIONAL MATCH (m)-[:IMPORTS]->(x:ExternalPackage) RETURN x.name AS n, count(*) AS c ORDER BY n
--- columns ["n","c"]
--- rows
["os",1]
["typing",1]
[null,13]

=== aggregation by string property: grouped by a string column over no rows
MATCH (f:Function) WHERE f.line_start < 0 RETURN f.file_path AS p, count(*) AS c
--- columns ["p","c"]
--- rows

=== aggregation by string property: grouped by a string column, LIMIT 0
MATCH (f:Function) RETURN f.file_path AS p, count(*) AS c ORDER BY c DESC LIMIT 0
--- columns ["p","c"]
--- rows

=== aggregation by string property: grouped by the name of a node, then of a map with the same name: one group
MATCH (f:Function) WHERE f.name = 'log' WITH collect(f) + [{name: 'log'}, {name: 'zz'}] AS xs UNWIND xs AS x RETURN x.name AS n, count(*) AS c ORDER BY n
--- columns ["n","c"]
--- rows
["log",2]
["zz",1]

=== aggregation by string property: grouped by the name of a map, then of a node with the same name: one group
MATCH (f:Function) WHERE f.name = 'log' WITH [{name: 'log'}, {name: 7}] + collect(f) AS xs UNWIND xs AS x RETURN x.name AS n, count(*) AS c ORDER BY c DESC, n
--- columns ["n","c"]
--- rows
["log",2]
[7,1]

=== aggregation by string property: grouped by two string keys of two nodes, with other aggregates
MATCH (f:Function)-[:CALLS]->(g) RETURN f.file_path AS p, g.name AS n, count(*) AS c, min(g.line_start) AS first ORDER BY c DESC, p, n LIMIT 5
--- columns ["p","n","c","first"]
--- rows
["src/shop/services/auth.py","Repo",2,4]
["src/shop/services/auth.py","ping",2,50]
["src/shop/__init__.py","User",1,17]
["src/shop/app.py","AuthService",1,10]
["src/shop/app.py","Repo",1,4]

=== aggregation by string property: grouped by a relationship's string property
MATCH ()-[r:CALLS]->() RETURN r.call_type AS t, count(*) AS c ORDER BY t
--- columns ["t","c"]
--- rows
["constructor",10]
["direct",15]
["method",10]

=== aggregation by string property: a string key filtered after WITH
MATCH (f:Function) WITH f.file_path AS p, count(*) AS c WHERE c > 2 RETURN p, c ORDER BY p
--- columns ["p","c"]
--- rows
["src/shop/broken.py",3]
["src/shop/services/auth.py",6]
["src/shop/util/log.py",3]

=== aggregation by string property: grouped by a string column under DISTINCT of the key and a count
MATCH (c:Class)-[:DEFINES]->(m:Method) RETURN DISTINCT c.file_path AS p, count(m) AS k ORDER BY p
--- columns ["p","k"]
--- rows
["src/shop/models.py",7]
["src/shop/services/auth.py",3]
["src/shop/services/repo.py",2]
["src/shop/util/log.py",1]

