# The last hop of a pattern of several, whose far end only a count reads, is
# counted off the CSR (ExpandCount) minus the relationships the earlier hops
# used (relationship uniqueness). Expected answers from the build before.

=== counted last hop: two hops counted
MATCH (a)-[:CALLS]->(b)-[:CALLS]->(c) RETURN count(*) AS n
--- columns ["n"]
--- rows
[25]

=== counted last hop: a self-call is not walked twice
MATCH (a {name: 'recursive'})-[:CALLS]->(b)-[:CALLS]->(c) RETURN count(*) AS n
--- columns ["n"]
--- rows
[2]

=== counted last hop: undirected, the same edge not used twice
MATCH (a {name: 'recursive'})-[:CALLS]-(b)-[:CALLS]-(c) RETURN count(*) AS n
--- columns ["n"]
--- rows
[3]

=== counted last hop: grouped by the first end
MATCH (m:Module)-[:DEFINES]->(f)-[:CALLS]->(g) RETURN m.name AS k, count(*) AS c ORDER BY c DESC, k LIMIT 4
--- columns ["k","c"]
--- rows
["auth",10]
["app",5]
["user",2]
["broken",1]

=== counted last hop: the far end's labels
MATCH (a:Function)-[:CALLS]->(b)-[:CALLS]->(c:Method) RETURN count(*) AS n
--- columns ["n"]
--- rows
[5]

=== counted last hop: after a variable-length hop
MATCH (a:Function {name: 'main'})-[:CALLS*1..2]->(b)-[:CALLS]->(c) RETURN count(*) AS n
--- columns ["n"]
--- rows
[9]

=== counted last hop: types shared with the first hop
MATCH (a)-[:CALLS|DEFINES]->(b)-[:CALLS|DEFINES]->(c) RETURN count(*) AS n, count(DISTINCT b) AS d
--- columns ["n","d"]
--- rows
[92,24]

=== counted last hop: three hops, the middle read
MATCH (a)-[:DEFINES]->(b)-[:CALLS]->(c)-[:CALLS]->(d) RETURN b.name AS k, count(*) AS c ORDER BY c DESC, k LIMIT 3
--- columns ["k","c"]
--- rows
["main",6]
["run",6]
["login",3]
