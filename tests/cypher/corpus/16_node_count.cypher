# A lone node pattern that only a count reads is counted by the store
# (NodeCount): every label, several labels, none, OPTIONAL MATCH over no
# node, products with earlier rows, constant aggregates, LIMIT 0.
=== node count: every node of a label
MATCH (c:Class) RETURN count(*) AS n
--- columns ["n"]
--- rows
[6]

=== node count: every node
MATCH (n) RETURN count(*) AS n
--- columns ["n"]
--- rows
[62]

=== node count: every node of two labels
MATCH (c:Class|Function) RETURN count(*) AS n
--- columns ["n"]
--- rows
[27]

=== node count: a label with no node: 0
MATCH (c:Interface) RETURN count(*) AS n
--- columns ["n"]
--- rows
[0]

=== node count: OPTIONAL MATCH of a label with no node: one row of nulls
OPTIONAL MATCH (c:Interface) RETURN count(*) AS n
--- columns ["n"]
--- rows
[1]

=== node count: per row of an UNWIND
UNWIND [1, 2, 3] AS x MATCH (c:Class) RETURN x, count(*) AS n ORDER BY x
--- columns ["x","n"]
--- rows
[1,6]
[2,6]
[3,6]

=== node count: after another MATCH: the product
MATCH (m:Module) MATCH (c:Class) RETURN count(*) AS n
--- columns ["n"]
--- rows
[90]

=== node count: with sum and collect of constants
MATCH (c:Class) RETURN count(*) AS n, sum(2) AS s, collect(1)[0..2] AS l
--- columns ["n","s","l"]
--- rows
[6,12,[1,1]]

=== node count: after an aggregation
MATCH (c:Class) WITH count(*) AS k MATCH (f:Function) RETURN k, count(*) AS n
--- columns ["k","n"]
--- rows
[6,21]

=== node count: LIMIT 0
MATCH (c:Class) RETURN count(*) AS n LIMIT 0
--- columns ["n"]
--- rows

=== node count: a WHERE on the node: scanned and filtered
MATCH (c:Class) WHERE c.name STARTS WITH 'A' RETURN count(*) AS n
--- columns ["n"]
--- rows
[2]

# count(v) of a variable the MATCH binds is count(*) (v is never null):
# the same store counts, whichever way the count is spelled. Expected
# answers from the build before (the row count of every spelling).

=== node count: count(v) of the matched node is the count of the store
MATCH (c:Class) RETURN count(c) AS n
--- columns ["n"]
--- rows
[6]

=== node count: count(v) of every node, beside count(*)
MATCH (n) RETURN count(n) AS a, count(*) AS b
--- columns ["a","b"]
--- rows
[62,62]

=== node count: count(r) and count(a) of one hop of a type
MATCH (a)-[r:CALLS]->(b) RETURN count(r) AS r, count(a) AS a
--- columns ["r","a"]
--- rows
[35,35]

=== node count: count(v) per group over a counted hop
MATCH (f:Function)<-[:CALLS]-(g) RETURN f.name AS f, count(g) AS c ORDER BY c DESC, f LIMIT 3
--- columns ["f","c"]
--- rows
["log",4]
["ping",2]
["a",1]

=== node count: count(v) of an OPTIONAL MATCH that finds nothing is 0
OPTIONAL MATCH (c:Class) WHERE c.name = 'NoSuchClass' RETURN count(c) AS n, count(*) AS rows
--- columns ["n","rows"]
--- rows
[0,1]

=== node count: count(DISTINCT v) is not a row count
MATCH (a)-[:CALLS]->(b) RETURN count(DISTINCT b) AS d, count(b) AS n
--- columns ["d","n"]
--- rows
[23,35]

=== node count: count(v) of a variable an earlier MATCH bound
MATCH (c:Class) WHERE c.name = 'User' MATCH (f:Function) RETURN count(c) AS c, count(f) AS f
--- columns ["c","f"]
--- rows
[21,21]

=== node count: count(v) of an optional node next to a matched one
MATCH (c:Class) OPTIONAL MATCH (c)-[:INHERITS]->(b) RETURN count(b) AS based, count(c) AS classes
--- columns ["based","classes"]
--- rows
[2,6]
