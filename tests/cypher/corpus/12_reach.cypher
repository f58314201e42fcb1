# Variable-length patterns whose answer needs only their distinct ends
# (count(DISTINCT x), RETURN DISTINCT, collect(DISTINCT x), pattern
# predicates) run as a breadth-first reach with visited marks instead of
# enumerating paths (planner: ReachExpand). Each case here has a twin that
# counts paths (count(*)), which still enumerates them: the two must agree
# on which ends exist. Trail semantics decide whether the start is an end:
# only through a cycle that repeats no relationship.
# ping and pong call each other, recursive calls itself and ping, a and b
# call each other.
=== reach: callers within five calls of a function, counted once each
MATCH (c)-[:CALLS*1..5]->(f) WHERE f.qualified_name = 'shop.util.log.log' RETURN count(DISTINCT c) AS n
--- columns ["n"]
--- rows
[6]

=== reach twin: the paths from each caller, enumerated
MATCH (c)-[:CALLS*1..5]->(f) WHERE f.qualified_name = 'shop.util.log.log' RETURN c.qualified_name AS c, count(*) AS paths ORDER BY c
--- columns ["c","paths"]
--- rows
["shop.app.run",4]
["shop.models.Base.save",1]
["shop.models.User.validate",1]
["shop.services.auth",3]
["shop.services.auth.AuthService.login",3]
["shop.services.auth.main",3]

=== reach: RETURN DISTINCT of the far end, anchored on the far side
MATCH (c)-[:CALLS*1..5]->(f) WHERE f.qualified_name = 'shop.util.log.log' RETURN DISTINCT c.qualified_name AS c ORDER BY c
--- columns ["c"]
--- rows
["shop.app.run"]
["shop.models.Base.save"]
["shop.models.User.validate"]
["shop.services.auth"]
["shop.services.auth.AuthService.login"]
["shop.services.auth.main"]

=== reach: a label on the far end, walking forwards
MATCH (:Function {name: 'main'})-[:CALLS*1..4]->(g:Method) RETURN DISTINCT g.qualified_name AS g ORDER BY g
--- columns ["g"]
--- rows
["shop.models.Base.save"]
["shop.models.Base.validate"]
["shop.services.auth.AuthService.login"]
["shop.services.repo.Repo.find"]
["shop.services.repo.Repo.get"]

=== reach: collect(DISTINCT) within three calls
MATCH (:Function {name: 'main'})-[:CALLS*..3]->(g) WITH collect(DISTINCT g.name) AS names UNWIND names AS n RETURN n ORDER BY n
--- columns ["n"]
--- rows
["AuthService"]
["Repo"]
["User"]
["build"]
["find"]
["get"]
["log"]
["login"]
["save"]
["validate"]

=== reach twin: collect(DISTINCT) by enumeration
MATCH (:Function {name: 'main'})-[:CALLS*..3]->(g) RETURN g.name AS g, count(*) AS paths ORDER BY g
--- columns ["g","paths"]
--- rows
["AuthService",1]
["Repo",2]
["User",1]
["build",1]
["find",1]
["get",1]
["log",3]
["login",1]
["save",1]
["validate",1]

=== reach: a variable-length pattern predicate with a property on its far end
MATCH (f:Function) WHERE (f)-[:CALLS*1..3]->(:Method {name: 'find'}) RETURN f.name AS f ORDER BY f
--- columns ["f"]
--- rows
["main"]
["run"]

=== reach: one hop of a two-node cycle does not come back
MATCH (p:Function {name: 'ping'})-[:CALLS*1..1]->(g) RETURN DISTINCT g.name AS g ORDER BY g
--- columns ["g"]
--- rows
["pong"]

=== reach: two hops of a two-node cycle come back to the start
MATCH (p:Function {name: 'ping'})-[:CALLS*1..2]->(g) RETURN DISTINCT g.name AS g ORDER BY g
--- columns ["g"]
--- rows
["ping"]
["pong"]

=== reach: a self loop makes the start its own end in one hop
MATCH (p:Function {name: 'recursive'})-[:CALLS*1]->(g) RETURN DISTINCT g.name AS g ORDER BY g
--- columns ["g"]
--- rows
["ping"]
["recursive"]

=== reach: a lower bound of 0 includes the start
MATCH (p:Function {name: 'ping'})-[:CALLS*0..2]->(g) RETURN DISTINCT g.name AS g ORDER BY g
--- columns ["g"]
--- rows
["ping"]
["pong"]

=== reach: zero hops is the start alone
MATCH (a:Function {name: 'build'})-[:CALLS*0]->(g) RETURN DISTINCT g.name AS g
--- columns ["g"]
--- rows
["build"]

=== reach: undirected, going back over the same edge is no trail
MATCH (:Class {name: 'Admin'})-[:INHERITS*]-(c) RETURN DISTINCT c.name AS c ORDER BY c
--- columns ["c"]
--- rows
["Base"]
["User"]

=== reach: undirected, two edges between the same nodes are a cycle
MATCH (p:Function {name: 'ping'})-[:CALLS*1..2]-(g) RETURN DISTINCT g.name AS g ORDER BY g
--- columns ["g"]
--- rows
["ping"]
["pong"]
["recursive"]

=== reach twin: undirected paths enumerated
MATCH (p:Function {name: 'ping'})-[:CALLS*1..2]-(g) RETURN g.name AS g, count(*) AS paths ORDER BY g
--- columns ["g","paths"]
--- rows
["ping",2]
["pong",2]
["recursive",2]

=== reach: no start, count(DISTINCT) is 0
MATCH (:Function {name: 'nope'})-[:CALLS*1..3]->(g) RETURN count(DISTINCT g) AS n
--- columns ["n"]
--- rows
[0]

=== reach: no start, no rows
MATCH (:Function {name: 'nope'})-[:CALLS*1..3]->(g) RETURN DISTINCT g
--- columns ["g"]
--- rows

=== reach: unanchored, distinct pairs
MATCH (a:Function)-[:CALLS*1..2]->(b:Function) RETURN DISTINCT a.name AS a, b.name AS b ORDER BY a, b
--- columns ["a","b"]
--- rows
["a","a"]
["a","b"]
["b","a"]
["b","b"]
["fine","helper"]
["main","build"]
["main","log"]
["ping","ping"]
["ping","pong"]
["pong","ping"]
["pong","pong"]
["recursive","ping"]
["recursive","pong"]
["recursive","recursive"]
["run","log"]
["use_all","exported"]
["use_all","public"]

=== reach twin: unanchored pairs enumerated
MATCH (a:Function)-[:CALLS*1..2]->(b:Function) RETURN a.name AS a, b.name AS b, count(*) AS paths ORDER BY a, b
--- columns ["a","b","paths"]
--- rows
["a","a",1]
["a","b",1]
["b","a",1]
["b","b",1]
["fine","helper",1]
["main","build",1]
["main","log",2]
["ping","ping",1]
["ping","pong",1]
["pong","ping",1]
["pong","pong",1]
["recursive","ping",2]
["recursive","pong",1]
["recursive","recursive",1]
["run","log",3]
["use_all","exported",1]
["use_all","public",1]

=== reach: both ends bound
MATCH (a:Function {name: 'main'}), (b:Function {name: 'log'}) MATCH (a)-[:CALLS*..5]->(b) RETURN DISTINCT b.qualified_name AS b
--- columns ["b"]
--- rows
["shop.util.log.log"]

=== reach: a predicate back to the start, directed
MATCH (f:Function) WHERE (f)-[:CALLS*1..3]->(f) RETURN f.name AS f ORDER BY f
--- columns ["f"]
--- rows
["a"]
["b"]
["ping"]
["pong"]
["recursive"]

=== reach: a predicate back to the start, undirected (triangles main-build-Repo and main-login-log)
MATCH (f:Function) WHERE (f)-[:CALLS*1..3]-(f) RETURN f.name AS f ORDER BY f
--- columns ["f"]
--- rows
["a"]
["b"]
["build"]
["log"]
["main"]
["ping"]
["pong"]
["recursive"]

=== reach twin: closed trails enumerated
MATCH (f:Function)-[:CALLS*1..3]-(f) RETURN f.name AS f, count(*) AS trails ORDER BY f
--- columns ["f","trails"]
--- rows
["a",2]
["b",2]
["build",2]
["log",6]
["main",2]
["ping",2]
["pong",2]
["recursive",1]

=== reach: every node and what it calls, counted once
MATCH (a)-[:CALLS*0..1]->(b) RETURN count(DISTINCT b) AS n
--- columns ["n"]
--- rows
[62]

=== reach twin: every node and what it calls, by enumeration
MATCH (a)-[:CALLS*0..1]->(b) WITH b, count(*) AS paths RETURN count(b) AS n
--- columns ["n"]
--- rows
[62]

