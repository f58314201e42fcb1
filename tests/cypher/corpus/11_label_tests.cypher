# Label tests written in WHERE give the answers the same labels in the
# pattern give: the planner moves them into the pattern, so each spelling
# runs the same plan. A pattern's `:A|B` on a variable bound earlier keeps a
# node that has either label.

=== in-degree top five with labels in the pattern
MATCH (g)-[:CALLS]->(f:Function|Method) RETURN f.qualified_name AS f, count(*) AS c ORDER BY c DESC, f LIMIT 5
--- columns ["f","c"]
--- rows
["shop.util.log.log",4]
["shop.models.Base.validate",2]
["shop.services.auth.AuthService.login",2]
["shop.services.auth.ping",2]
["shop.services.repo.Repo.get",2]

=== the same with OR of label tests
MATCH (g)-[:CALLS]->(f) WHERE f:Function OR f:Method RETURN f.qualified_name AS f, count(*) AS c ORDER BY c DESC, f LIMIT 5
--- columns ["f","c"]
--- rows
["shop.util.log.log",4]
["shop.models.Base.validate",2]
["shop.services.auth.AuthService.login",2]
["shop.services.auth.ping",2]
["shop.services.repo.Repo.get",2]

=== the same with IN labels() and a label test
MATCH (g)-[:CALLS]->(f) WHERE 'Method' IN labels(f) OR f:Function RETURN f.qualified_name AS f, count(*) AS c ORDER BY c DESC, f LIMIT 5
--- columns ["f","c"]
--- rows
["shop.util.log.log",4]
["shop.models.Base.validate",2]
["shop.services.auth.AuthService.login",2]
["shop.services.auth.ping",2]
["shop.services.repo.Repo.get",2]

=== the same with the first label in a list
MATCH (g)-[:CALLS]->(f) WHERE labels(f)[0] IN ['Function', 'Method'] RETURN f.qualified_name AS f, count(*) AS c ORDER BY c DESC, f LIMIT 5
--- columns ["f","c"]
--- rows
["shop.util.log.log",4]
["shop.models.Base.validate",2]
["shop.services.auth.AuthService.login",2]
["shop.services.auth.ping",2]
["shop.services.repo.Repo.get",2]

=== the same with head(labels()) and an index compared
MATCH (g)-[:CALLS]->(f) WHERE head(labels(f)) = 'Method' OR labels(f)[0] = 'Function' RETURN f.qualified_name AS f, count(*) AS c ORDER BY c DESC, f LIMIT 5
--- columns ["f","c"]
--- rows
["shop.util.log.log",4]
["shop.models.Base.validate",2]
["shop.services.auth.AuthService.login",2]
["shop.services.auth.ping",2]
["shop.services.repo.Repo.get",2]

=== label tests on both ends with another condition
MATCH (c)-[:DEFINES]->(m) WHERE c:Class AND 'Method' IN labels(m) AND c.name = 'User' RETURN m.name AS m ORDER BY m
--- columns ["m"]
--- rows
["__init__"]
["validate"]

=== a label test the pattern's label excludes finds nothing
MATCH (c:Class)-[:DEFINES]->(m) WHERE m:Function RETURN c.name AS c
--- columns ["c"]
--- rows

=== an unknown label name in a label test
MATCH (f) WHERE labels(f)[0] = 'Nope' RETURN count(f) AS n
--- columns ["n"]
--- rows
[0]

=== a negated label test stays a filter
MATCH (f) WHERE NOT f:Method AND (f:Function OR f:Method) RETURN count(f) AS n
--- columns ["n"]
--- rows
[21]

=== a pattern's A|B on a variable a previous MATCH bound
MATCH (a:Function {name: 'ping'})-[:CALLS]->(t) MATCH (t:Function|Method) RETURN t.qualified_name AS t ORDER BY t
--- columns ["t"]
--- rows
["shop.services.auth.pong"]
