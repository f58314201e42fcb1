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

