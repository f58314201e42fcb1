# Variable-length patterns (trail semantics, bounds), path variables and
# their functions, shortestPath and allShortestPaths.

=== star without bounds reaches everything downstream
MATCH (:Function {name: 'main'})-[:CALLS*]->(g) RETURN DISTINCT g.qualified_name AS g ORDER BY g
--- columns ["g"]
--- rows
["shop.models.Base.save"]
["shop.models.Base.validate"]
["shop.models.User"]
["shop.services.auth.AuthService"]
["shop.services.auth.AuthService.login"]
["shop.services.auth.build"]
["shop.services.repo.Repo"]
["shop.services.repo.Repo.find"]
["shop.services.repo.Repo.get"]
["shop.util.log.log"]

=== exact length
MATCH (:Function {name: 'main'})-[:CALLS*2]->(g) RETURN g.qualified_name AS g ORDER BY g
--- columns ["g"]
--- rows
["shop.models.Base.save"]
["shop.services.auth.AuthService"]
["shop.services.repo.Repo"]
["shop.services.repo.Repo.find"]
["shop.util.log.log"]
["shop.util.log.log"]

=== range of lengths
MATCH (:Function {name: 'run'})-[:CALLS*2..3]->(g) RETURN DISTINCT g.qualified_name AS g ORDER BY g
--- columns ["g"]
--- rows
["shop.models.Base.save"]
["shop.models.Base.validate"]
["shop.models.User"]
["shop.services.repo.Repo.find"]
["shop.util.log.log"]

=== upper bound only
MATCH (:Method {name: 'find'})<-[:CALLS*..2]-(g) RETURN g.qualified_name AS g ORDER BY g
--- columns ["g"]
--- rows
["shop.app.run"]
["shop.services.auth.AuthService.login"]
["shop.services.auth.main"]

=== lower bound only
MATCH (:Function {name: 'main'})-[:CALLS*3..]->(g) RETURN g.qualified_name AS g ORDER BY g
--- columns ["g"]
--- rows
["shop.models.Base.validate"]
["shop.models.User"]
["shop.util.log.log"]

=== zero length includes the start
MATCH (a:Function {name: 'build'})-[:CALLS*0..1]->(g) RETURN g.name AS g ORDER BY g
--- columns ["g"]
--- rows
["AuthService"]
["Repo"]
["build"]

=== trail semantics on a two-node cycle
MATCH p = (:Function {name: 'ping'})-[:CALLS*]->(g) RETURN length(p) AS len, g.name AS g ORDER BY len
--- columns ["len","g"]
--- rows
[1,"pong"]
[2,"ping"]

=== a self loop is walked once
MATCH p = (:Function {name: 'recursive'})-[:CALLS*]->(g) RETURN length(p) AS len, g.name AS g ORDER BY len, g
--- columns ["len","g"]
--- rows
[1,"ping"]
[1,"recursive"]
[2,"ping"]
[2,"pong"]
[3,"ping"]
[3,"pong"]
[4,"ping"]

=== incoming variable length anchored at the end
MATCH (g)-[:CALLS*1..2]->(:Function {qualified_name: 'shop.util.log.log'}) RETURN DISTINCT g.qualified_name AS g ORDER BY g
--- columns ["g"]
--- rows
["shop.app.run"]
["shop.models.Base.save"]
["shop.models.User.validate"]
["shop.services.auth.AuthService.login"]
["shop.services.auth.main"]

=== undirected variable length
MATCH (:Class {name: 'Admin'})-[:INHERITS*]-(c) RETURN c.name AS c ORDER BY c
--- columns ["c"]
--- rows
["Base"]
["User"]

=== the relationship list of a variable-length pattern
MATCH (:Function {name: 'main'})-[rs:CALLS*2]->(:Method {name: 'find'}) RETURN [r IN rs | r.line] AS lines
--- columns ["lines"]
--- rows
[[35,16]]

=== path variable of a fixed pattern
MATCH p = (:Class {name: 'Admin'})-[:INHERITS]->(b) RETURN p
--- columns ["p"]
--- rows
[{"nodes":[{"label":"Class","qualified_name":"shop.models.Admin","name":"Admin","node_id":"6df41f88e775c8fd","file_path":"src/shop/models.py","line_start":26,"line_end":33,"byte_start":427,"byte_end":564,"language":"python","base_classes":["User"]},{"label":"Class","qualified_name":"shop.models.User","name":"User","node_id":"d211b5fc325492d5","file_path":"src/shop/models.py","line_start":17,"line_end":23,"byte_start":252,"byte_end":424,"language":"python","base_classes":["Base"]}],"relationships":[{"type":"INHERITS","from":"shop.models.Admin","to":"shop.models.User"}]}]

=== nodes() and relationships() of a path
MATCH p = (:Class {name: 'Admin'})-[:INHERITS*2]->(b) RETURN [n IN nodes(p) | n.name] AS names, [r IN relationships(p) | type(r)] AS types
--- columns ["names","types"]
--- rows
[["Admin","User","Base"],["INHERITS","INHERITS"]]

=== path written leftwards reads in pattern order
MATCH p = (b:Class {name: 'Base'})<-[:INHERITS*]-(x) RETURN [n IN nodes(p) | n.name] AS names ORDER BY size(names)
--- columns ["names"]
--- rows
[["Base","User"]]
[["Base","User","Admin"]]

=== path through a variable-length part and a fixed part
MATCH p = (:Module {name: 'app'})-[:DEFINES]->(f)-[:CALLS*1..2]->(:Method {name: 'find'}) RETURN [n IN nodes(p) | n.name] AS names
--- columns ["names"]
--- rows
[["app","run","login","find"]]

=== shortestPath
MATCH (a:Function {name: 'run'}), (b:Function {name: 'log'}), p = shortestPath((a)-[:CALLS*]->(b)) RETURN [n IN nodes(p) | n.name] AS names, length(p) AS len
--- columns ["names","len"]
--- rows
[["run","validate","log"],2]

=== allShortestPaths
MATCH (a:Function {name: 'main'}), (b:Class {name: 'Repo'}), p = allShortestPaths((a)-[:CALLS*]->(b)) RETURN [n IN nodes(p) | n.name] AS names
--- columns ["names"]
--- rows
[["main","Repo"]]

=== allShortestPaths of length two
MATCH (a:Function {name: 'run'}), (b:Function {name: 'log'}), p = allShortestPaths((a)-[:CALLS*]->(b)) RETURN [n IN nodes(p) | n.name] AS names ORDER BY names
--- columns ["names"]
--- rows
[["run","login","log"]]
[["run","login","log"]]
[["run","validate","log"]]

=== shortestPath with no route gives no row
MATCH (a:Function {name: 'log'}), (b:Function {name: 'run'}), p = shortestPath((a)-[:CALLS*]->(b)) RETURN p
--- columns ["p"]
--- rows

=== shortestPath over any direction and type
MATCH (a:Class {name: 'Admin'}), (b:Function {name: 'log'}), p = shortestPath((a)-[*]-(b)) RETURN length(p) AS len
--- columns ["len"]
--- rows
[2]

=== shortestPath respects the upper bound
MATCH (a:Function {name: 'run'}), (b:Function {name: 'log'}), p = shortestPath((a)-[:CALLS*..1]->(b)) RETURN p
--- columns ["p"]
--- rows

=== variable-length bound above the hard limit is refused
MATCH (a)-[:CALLS*1..50]->(b) RETURN count(*)
--- error INVALID_ARGUMENT
# A variable-length relationship may span at most 10 hops (asked for 50)

=== startNode and endNode
MATCH (:Class {name: 'User'})-[r:INHERITS]->() RETURN startNode(r).name AS s, endNode(r).name AS e
--- columns ["s","e"]
--- rows
["User","Base"]

=== relationship written as JSON
MATCH (:Function {name: 'fine'})-[r:CALLS]->() RETURN r
--- columns ["r"]
--- rows
[{"type":"CALLS","from":"shop.broken.fine","to":"shop.broken.helper","call_type":"direct","line":2}]

=== node written as JSON
MATCH (c:Class {name: 'Admin'}) RETURN c
--- columns ["c"]
--- rows
[{"label":"Class","qualified_name":"shop.models.Admin","name":"Admin","node_id":"6df41f88e775c8fd","file_path":"src/shop/models.py","line_start":26,"line_end":33,"byte_start":427,"byte_end":564,"language":"python","base_classes":["User"]}]

=== a pattern predicate in the middle of a path keeps the path's relationships whole
MATCH p = (c:Function {name: 'log'})<-[:CALLS]-(b)<-[:CALLS]-(a) WHERE (b)-[:CALLS]->(:Method) RETURN [r IN relationships(p) | r.line] AS lines ORDER BY lines
--- columns ["lines"]
--- rows
[[7,17]]
[[18,9]]
[[18,35]]
[[19,9]]
[[19,35]]
[[22,8]]
