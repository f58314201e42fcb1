# The top-degree scan: ORDER BY a per-node count of one hop DESC ... LIMIT k
# over a scan of that node (counted and grouped by the node or its
# qualified_name, or a COUNT { } of the hop) scans only the nodes that can
# make the top k. Each answer is the first rows of the same query without
# LIMIT: ties at the cut ordered by the next key or, without one, in scan
# order; nodes of count 0 are rows of COUNT { } only.
=== top-degree scan: ties at the cut ordered by the name
MATCH ()-[:CALLS]->(f) WHERE f:Function OR f:Method RETURN f.qualified_name AS qn, count(*) AS c ORDER BY c DESC, qn LIMIT 3
--- columns ["qn","c"]
--- rows
["shop.util.log.log",4]
["shop.models.Base.validate",2]
["shop.services.auth.AuthService.login",2]

=== top-degree scan: SKIP within a tie
MATCH ()-[:CALLS]->(f:Function|Method) RETURN f.qualified_name AS qn, count(*) AS c ORDER BY c DESC, qn SKIP 2 LIMIT 4
--- columns ["qn","c"]
--- rows
["shop.services.auth.AuthService.login",2]
["shop.services.auth.ping",2]
["shop.services.repo.Repo.get",2]
["shop.broken.helper",1]

=== top-degree scan: COUNT { } ties without a second key come in scan order
MATCH (f) WHERE labels(f)[0] IN ['Function', 'Method'] RETURN f.qualified_name AS qn, COUNT { (f)<-[:CALLS]-() } AS c ORDER BY c DESC LIMIT 4
--- columns ["qn","c"]
--- rows
["shop.util.log.log",4]
["shop.services.auth.ping",2]
["shop.models.Base.validate",2]
["shop.services.auth.AuthService.login",2]

=== top-degree scan: COUNT { } reaches the nodes of count 0
MATCH (f:Function|Method) RETURN f.qualified_name AS qn, COUNT { (f)<-[:CALLS]-() } AS c ORDER BY c DESC SKIP 17 LIMIT 3
--- columns ["qn","c"]
--- rows
["shop.util.log.Formatter.__call__",1]
["shop.make_user",0]
["shop.app.run",0]

=== top-degree scan: LIMIT 0
MATCH ()-[:CALLS]->(f:Function) RETURN f, count(*) AS c ORDER BY c DESC LIMIT 0
--- columns ["f","c"]
--- rows

=== top-degree scan: k larger than the rows
MATCH (m:Module)<-[:IMPORTS]-() RETURN m.qualified_name AS m, count(*) AS c ORDER BY c DESC, m LIMIT 100
--- columns ["m","c"]
--- rows
["shop.models",3]
["shop.services.repo",2]
["shop.util.log",2]
["shop",1]
["shop.cycle_a",1]
["shop.cycle_b",1]
["shop.services",1]
["shop.services.auth",1]
["shop.star.listed",1]
["shop.star.plain",1]

=== top-degree scan: a label no node has
MATCH (f:Interface) RETURN f.qualified_name AS qn, COUNT { (f)<--() } AS c ORDER BY c DESC LIMIT 5
--- columns ["qn","c"]
--- rows

# A far end with labels that nothing reads is counted inside the labels'
# id ranges (ExpandCount over to_labels). Expected answers from the build
# before (the expansion).

=== counted hop: a far end with a label counts its label's neighbours
MATCH (a)-[:CALLS]->(b:Function) RETURN count(*) AS n
--- columns ["n"]
--- rows
[15]

=== counted hop: a far end of two labels, grouped by the near end
MATCH (f:Function)<-[:CALLS]-(g:Function|Method) RETURN f.name AS n, count(*) AS c ORDER BY c DESC, n LIMIT 4
--- columns ["n","c"]
--- rows
["log",4]
["ping",2]
["a",1]
["b",1]

=== counted hop: undirected into a label counts a self loop once
MATCH (a:Function {name: 'recursive'})-[:CALLS]-(b:Function) RETURN count(*) AS n
--- columns ["n"]
--- rows
[2]

=== counted hop: two types into a label
MATCH (m:Module)-[r:DEFINES|CALLS]->(c:Class) RETURN m.name AS m, count(r) AS n ORDER BY n DESC, m
--- columns ["m","n"]
--- rows
["models",3]
["log",2]
["auth",1]
["repo",1]
