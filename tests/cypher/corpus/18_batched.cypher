# Batched execution (cypher/src/batch/): scans, expansions and filters over
# batches into an aggregation or an ORDER BY ... LIMIT. Empty inputs, nulls,
# ties at the cut, LIMIT 0, SKIP, counted hops (weights), relationship
# uniqueness across two hops, predicates run row by row inside a batch.
# Expected answers from the row executor before batching (the same queries
# through the previous build's CLI).

=== batched: grouped by a string column of the far node, ties at the cut broken by the key
MATCH (a)-[:CALLS]->(b) RETURN b.file_path AS p, count(*) AS c ORDER BY c DESC, p LIMIT 3
--- columns ["p","c"]
--- rows
["src/shop/services/auth.py",10]
["src/shop/models.py",8]
["src/shop/services/repo.py",6]

=== batched: no row passes the filter: count is 0, sum 0, avg and min null
MATCH (f:Function) WHERE f.line_start < 0 RETURN count(*) AS n, sum(f.line_start) AS s, avg(f.line_start) AS a, min(f.name) AS m
--- columns ["n","s","a","m"]
--- rows
[0,0,null,null]

=== batched: no row passes the filter: a grouped aggregation has no rows
MATCH (f:Function) WHERE f.line_start < 0 RETURN f.name AS k, count(*) AS c
--- columns ["k","c"]
--- rows

=== batched: a null key is one group; count(x) leaves nulls out
MATCH (n) RETURN n.docstring IS NULL AS missing, count(n.docstring) AS with_doc, count(*) AS n ORDER BY missing
--- columns ["missing","with_doc","n"]
--- rows
[true,0,62]

=== batched: grouped by a column some labels lack (null for them), top 3
MATCH (n) RETURN n.class_name AS k, count(*) AS c ORDER BY c DESC, k LIMIT 3
--- columns ["k","c"]
--- rows
[null,49]
["AuthService",3]
["Base",3]

=== batched: LIMIT 0 after an aggregation and after a top k
MATCH (m:Method) RETURN m.name AS k, count(*) AS c ORDER BY c DESC LIMIT 0
--- columns ["k","c"]
--- rows

=== batched: LIMIT 0 on a plain top k
MATCH (m:Method) RETURN m.name AS k ORDER BY k LIMIT 0
--- columns ["k"]
--- rows

=== batched: top k by an arithmetic key with ties, SKIP
MATCH (m:Method) WHERE m.line_start > 0 RETURN m.qualified_name AS q, m.line_end - m.line_start AS n ORDER BY n DESC, q SKIP 2 LIMIT 4
--- columns ["q","n"]
--- rows
["shop.models.User.validate",2]
["shop.services.auth.AuthService.__init__",2]
["shop.services.auth.AuthService.logout",2]
["shop.models.Admin.create",1]

=== batched: a counted hop weighs each node by its degree (count, sum, avg)
MATCH (a)-[:CALLS]->(b) RETURN b.name AS k, count(*) AS c, sum(b.line_start) AS s, avg(b.line_end) AS v ORDER BY c DESC, k LIMIT 4
--- columns ["k","c","s","v"]
--- rows
["log",4,16,6.0]
["Repo",3,12,9.0]
["User",3,51,23.0]
["validate",3,41,15.0]

=== batched: count DISTINCT of the far node over every edge, and of both ends
MATCH (a)-[:CALLS]->(b) RETURN count(DISTINCT b) AS callees, count(DISTINCT a) AS callers, count(*) AS calls
--- columns ["callees","callers","calls"]
--- rows
[23,20,35]

=== batched: two hops keep their relationships distinct (a self loop is not walked twice)
MATCH (a)-[r:CALLS]->(b)-[s:CALLS]->(c) WHERE a = b RETURN a.name AS x, c.name AS y ORDER BY x, y LIMIT 10
--- columns ["x","y"]
--- rows
["recursive","ping"]

=== batched: undirected hop, the self loop once
MATCH (a:Function)-[:CALLS]-(b) RETURN a.name AS k, count(*) AS c ORDER BY c DESC, k LIMIT 3
--- columns ["k","c"]
--- rows
["main",5]
["run",5]
["log",4]

=== batched: a predicate the batch runs row by row (a function) beside native ones
MATCH (f)-[:CALLS]->(g) WHERE size(f.name) > 3 AND g.line_start > 0 RETURN f.name AS k, count(g) AS c ORDER BY c DESC, k LIMIT 3
--- columns ["k","c"]
--- rows
["login",4]
["main",4]
["build",2]

=== batched: three-valued logic over nulls in a filter (docstring null OR a false comparison is null: dropped)
MATCH (n:Method) WHERE n.docstring STARTS WITH 'x' OR n.line_start < 0 RETURN count(*) AS n
--- columns ["n"]
--- rows
[0]

=== batched: IN a literal list over a column, min and max of strings
MATCH (n) WHERE n.language IN ['python', 'cobol'] RETURN n.language AS l, min(n.name) AS lo, max(n.name) AS hi, count(*) AS c
--- columns ["l","lo","hi","c"]
--- rows
["python","Admin","validate",55]

=== batched: grouped by a node, its name written after the cut
MATCH (f)-[:CALLS]->(g) RETURN g, count(*) AS c ORDER BY c DESC, g.qualified_name LIMIT 2
--- columns ["g","c"]
--- rows
[{"label":"Function","qualified_name":"shop.util.log.log","name":"log","node_id":"86397fd479308936","file_path":"src/shop/util/log.py","line_start":4,"line_end":6,"byte_start":12,"byte_end":71,"language":"python","is_async":false,"complexity":1},4]
[{"label":"Class","qualified_name":"shop.models.User","name":"User","node_id":"d211b5fc325492d5","file_path":"src/shop/models.py","line_start":17,"line_end":23,"byte_start":252,"byte_end":424,"language":"python","base_classes":["Base"]},3]

=== batched: grouped by nothing over an expansion whose relationship property is read
MATCH (a)-[r:CALLS]->(b) WHERE r.call_type = 'method' RETURN count(*) AS n, min(r.line) AS first
--- columns ["n","first"]
--- rows
[10,8]
